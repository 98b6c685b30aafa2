/**
 * Finding what a request names among what a read tool returned: a document or policy by the words of its title
 * ("the new laptop policy" → “Laptop policy”), a person by name ("Bob" → Bob Brown). The match is strict so that
 * the model never guesses: a title must hold every word the user gave that names something (not "new", "our" or
 * "policy"), and a first name must be a person's first name. Several matches are returned for the caller to ask.
 */

// Words that describe a document without naming it.
const GENERIC = new Set([
  'the',
  'a',
  'an',
  'our',
  'my',
  'new',
  'latest',
  'updated',
  'current',
  'revised',
  'company',
  'policy',
  'policies',
  'document',
  'doc',
  'file',
  'pdf',
  'of',
  'and',
  '&',
  'for',
  'to',
  'on',
]);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => w.replace(/s$/, ''));
}

/** The words of a title request that name something; empty when it names nothing ("the policy"). */
export function namingWordsOf(title: string): string[] {
  return wordsOf(title).filter((w) => !GENERIC.has(w) && !GENERIC.has(`${w}s`));
}

/** The items whose title holds every naming word of `title`; none when `title` names nothing. */
export function titleMatches<T>(items: T[], title: string, titleOf: (item: T) => string): T[] {
  const words = namingWordsOf(title);
  if (words.length === 0) return [];
  return items.filter((item) => {
    const have = new Set(wordsOf(titleOf(item)));
    return words.every((w) => have.has(w));
  });
}

/** The people `name` names: the exact full name if someone has it, else those whose first name (or names) it is. */
export function peopleNamed<T extends { name: string }>(people: T[], name: string): T[] {
  const wanted = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const exact = people.filter((p) => p.name.toLowerCase() === wanted);
  if (exact.length > 0) return exact;
  return people.filter((p) => {
    const full = p.name.toLowerCase();
    return full.startsWith(`${wanted} `) || full.split(' ').includes(wanted);
  });
}

/** “A”, “A” or “B”, “A”, “B” or “C”. */
export function quotedList(items: string[]): string {
  const names = items.map((i) => `“${i}”`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}
