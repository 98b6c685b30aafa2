/**
 * "Who works in Lisbon", "who is based in Berlin", "people in the Paris office", "who is working from Lisbon this
 * week": a question about other people and a place, never a request to work there oneself. Said with a day, or with
 * "working from", it is about who works from there (list_people_abroad, the approved work-from-anywhere requests,
 * told for that place only). Else it asks who sits in an office, which nothing records: people have no location in
 * the directory (list_people) and list_people_abroad only knows work from anywhere, so the reply says so and what
 * can be asked instead. Why a rule: "works in Lisbon" asked which days the user would work from Lisbon, and "who works
 * in Lisbon today" asked to work from there.
 */

import { planPeopleAbroad } from './abroadPlan';
import { formatDayWithYear, formatSpan } from './calendar';
import type { Understanding } from './intents';
import { normalise } from './keywords';
import { newRequestText } from './newRequestText';
import { cityName, countryAt, countryName, knownCity } from './places';
import { type Plan, type PlanContext, type TurnResult, dataOf, hasTool, reply, resultsOf } from './planTypes';
import { summarisePeopleAbroad } from './summariseAbroad';
import { failedRead } from './summariseLists';
import type { AgentMessage } from '../types';

const WHO =
  '(?:who(?: else)?(?: all)?|which (?:people|employees|colleagues|staff)|(?:is |are )?(?:there )?(?:anyone|anybody|any (?:people|employees|colleagues))|(?:list |show(?: me)? |tell me )?(?:all )?(?:the )?(?:people|employees|staff|colleagues|everyone|team ?mates))';
const BEING =
  "(?:(?:'s|'re| is| are| works?| sits?| lives?)(?: (?:currently|now|still))?(?: (?:working|based|located|sitting|staying|living))?| (?:working|based|located|sitting))?";
const ASKS = new RegExp(
  `^${WHO}${BEING} (in|at|from|out of) (?:the |our )?([a-z][a-z ]*?)(?: (office|site|hub|branch))?\\b`,
);

/** A place a question about people names: a known city or country, or an office by its name. */
interface PlaceAsked {
  /** How the reply names it: "Lisbon", "Portugal", "the Paris office". */
  label: string;
  city?: string;
  country?: string;
  /** "working from": about work from anywhere even without a day. */
  workingFrom: boolean;
  office: boolean;
}

/** The place `text` (normalised) asks who is in, or undefined when it asks something else. */
export function placeAskedOfPeople(text: string): PlaceAsked | undefined {
  const match = ASKS.exec(text);
  if (!match) return undefined;
  const [, preposition, words, office] = match;
  const rest = text.slice(match.index + match[0].length - (office?.length ?? 0));
  const city = knownCity(words!);
  const country = city ? undefined : countryAt(words!);
  const workingFrom = preposition === 'from' || preposition === 'out of';
  if (office || /^\s*(?:office|site|hub|branch)\b/.test(rest)) {
    const name = city ? cityName(city.name) : cityName(words!.trim());
    return { label: `the ${name} office`, workingFrom: false, office: true };
  }
  if (city) return { label: cityName(city.name), city: city.name, country: city.country, workingFrom, office: false };
  if (country && country.length === words!.length) {
    return { label: countryName(country.code), country: country.code, workingFrom, office: false };
  }
  return undefined;
}

interface AbroadRequest {
  city?: string;
  country?: string;
}

function inPlace(request: AbroadRequest, place: PlaceAsked): boolean {
  if (place.city !== undefined) return request.city?.toLowerCase() === place.city;
  return request.country?.toUpperCase() === place.country;
}

/** The reply to list_people_abroad, told for the place asked only. */
function summariseAt(result: TurnResult, place: PlaceAsked): string {
  const data = dataOf<{ date?: string; from?: string; to?: string; requests?: AbroadRequest[] }>(result);
  const requests = (data.requests ?? []).filter((r) => inPlace(r, place));
  if (requests.length === 0) {
    const from = data.from ?? data.date ?? '';
    const to = data.to ?? from;
    const label = from === to ? `on ${formatDayWithYear(from)}` : `between ${formatSpan(from, to, ' and ')}`;
    return `Nobody you can see works from ${place.label} ${label} (approved work from anywhere).`;
  }
  return summarisePeopleAbroad({ ...result, result: { ...data, requests } });
}

/**
 * The step for a question about who is in a place (`messages` end with it, or with its read's result), or undefined
 * when the turn asks something else. `u` gives the days said.
 */
export function planPeopleByPlace(
  messages: readonly AgentMessage[],
  results: TurnResult[],
  u: Understanding,
  ctx: PlanContext,
): Plan | undefined {
  const text = newRequestText(messages);
  if (text === undefined) return undefined;
  const place = placeAskedOfPeople(normalise(text));
  if (!place) return undefined;
  const saysDays = u.dates.kind !== 'none';
  if (!place.office && (saysDays || place.workingFrom) && hasTool(ctx, 'list_people_abroad')) {
    const done = resultsOf(results, 'list_people_abroad')[0];
    if (done) return reply(done.ok ? summariseAt(done, place) : failedRead('look up who works from there', done));
    return planPeopleAbroad(u, results, ctx);
  }
  const instead = hasTool(ctx, 'list_people_abroad')
    ? ` I can list the offices, or tell you who works from ${place.office ? 'a city' : place.label} on a given day (approved work from anywhere), e.g. "who is working from ${place.city ? cityName(place.city) : 'Lisbon'} this week".`
    : ' I can list the offices.';
  return reply(
    `The people directory doesn't record where each person works, so I can't list who works in ${place.label}.${instead}`,
  );
}
