/**
 * Whether a lowercase word after "for" in a booking ("book leave for zoltan on Friday") is more likely a person's
 * name than the leave's reason. firstNames.ts only lists common first names; a colleague called Zoltan or Siobhan was
 * taken as the reason and the leave booked for the user. A word that is no reason the model knows, no everyday word
 * of this list and has no shape of an English noun ("surgery", "relocation", "skiing") is read as a name: the person
 * is then looked up (a read), never booked for the user with their name as the reason.
 */

import { closestWord } from './keywords';
import { lifeReason } from './intentRules';

/** Everyday words a booking puts after "for" that are no name: reasons, feasts, pronouns, spans, departments. */
const NOT_NAME_WORDS = new Set(
  // reasons
  (
    'chemo rehab ivf jab vaccine vaccination flu covid cold fever migraine scan mri xray x-ray op gp physio ' +
    'childcare daycare exam exams study studies revision thesis court jury visa passport embassy honeymoon birthday ' +
    'party concert gig festival match race marathon trip travel flight move boiler plumber repairs repair car mot ' +
    'errands groceries family personal private medical health religious compassionate emergency birth baby ' +
    'pregnancy adoption care carer rest burnout wellbeing sabbatical jetlag hangover pto toil reasons reason stuff ' +
    'things something nothing business work conference seminar workshop course review residence funeral dental ' +
    'hospital arrival removal rehearsal renewal survival carnival ceremony kids kid twins parents school uni ' +
    'college golf tennis football skiing vet appointments fun pleasure recovery surgery doctor dentist wedding ' +
    'bday b-day eye eyes test tests check blood dr doc docs house flat home garden pet dog cat puppy kitten ' +
    // pastimes
    'yoga pilates gym spa massage haircut hair nails surf ski bike swim run dance ballet choir band music piano ' +
    'karate judo boxing rugby cricket hockey padel squash chess sport sports club match game games tournament ' +
    // feasts and seasons
    'halloween hanukkah chanukah diwali eid ramadan passover yom rosh lent purim holi vesak nowruz lunar chinese ' +
    'songkran thanksgiving christmas xmas easter summer winter spring autumn fall half-term halfterm ' +
    // pronouns and spans
    'him her them us myself yourself himself herself themselves ourselves now later good real sure once ever ages ' +
    'long awhile while both two three four five six seven eight nine ten eleven twelve fortnight ' +
    // departments and groups
    'sales finance engineering marketing legal ops operations support design product accounting admin research ' +
    'dev devops qa security logistics procurement hr it management staff'
  ).split(' '),
);

/** Endings of English nouns and adjectives that names seldom have ("relocation", "bereavement", "recovery"). */
const WORD_ENDING =
  /(?:(?:tion|sion|ment|ness|ship|hood|ism|ogy|ics|ery|ary|ory|ity|ancy|ency|ance|ful|less|ous|able|ible)s?|ies|ers|ors)$/;

/** True when `word` (lowercase, found after "for" in a booking) is better read as a person's name than a reason. */
export function looksLikeName(word: string): boolean {
  if (!/^[a-z][a-z'-]{2,15}$/.test(word)) return false;
  if (NOT_NAME_WORDS.has(word) || WORD_ENDING.test(word)) return false;
  if (word.length >= 6 && word.endsWith('ing')) return false;
  // A word the model reads ("holiday", "approval", a misspelt "vacaton") or a reason it knows ("dentist").
  return closestWord(word) === undefined && lifeReason(word) === undefined;
}
