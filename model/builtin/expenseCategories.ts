/**
 * Which expense category a request means. create_expense_claim takes a category by name; the built-in model knows
 * the usual ones (the demo tenants' six: Travel, Taxi, Meals, Accommodation, Mileage, Office supplies) from the
 * words people use for them ("uber", "lunch", "hotel", "train"), and passes any other category the user names
 * outright ("in the Training category") as written, for the API to find or refuse.
 */

/** The categories the model knows by name, as the demo tenants have them. */
export const KNOWN_CATEGORIES = ['Travel', 'Taxi', 'Meals', 'Accommodation', 'Mileage', 'Office supplies'] as const;

/** The category of a mileage line: its lines give a distance, not an amount. */
export const MILEAGE = 'Mileage';

const WORDS: { category: string; words: string[] }[] = [
  { category: 'Taxi', words: ['taxi', 'taxis', 'cab', 'cabs', 'uber', 'lyft', 'taxi ride'] },
  {
    category: 'Meals',
    words: ['lunch', 'dinner', 'breakfast', 'meal', 'meals', 'food', 'restaurant', 'coffee', 'snacks', 'drinks'],
  },
  { category: 'Accommodation', words: ['hotel', 'accommodation', 'airbnb', 'lodging', 'hostel', 'b&b'] },
  { category: 'Mileage', words: ['mileage', 'kilometres', 'kilometers', 'km', 'miles', 'drove', 'driving'] },
  {
    category: 'Travel',
    words: [
      'travel',
      'train',
      'flight',
      'flights',
      'plane',
      'airfare',
      'bus',
      'metro',
      'subway',
      'tram',
      'ferry',
      'parking',
      'toll',
      'tolls',
      'car rental',
      'rental car',
      'fuel',
      'petrol',
    ],
  },
  {
    category: 'Office supplies',
    words: ['office supplies', 'supplies', 'stationery', 'printer', 'toner', 'paper', 'pens', 'notebooks'],
  },
];

/** What the text says of the category: its name, and the word that said it (the line's description). */
export interface CategoryMention {
  category: string;
  word: string;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const KEYWORDS = WORDS.flatMap(({ category, words }) =>
  words.map((word) => ({ category, word, pattern: new RegExp(`(?<![\\w&])${escaped(word)}(?![\\w&])`) })),
);

/** A category named outright: "category Training", "under Travel", "in the Training category". */
function namedCategory(text: string, message: string): CategoryMention | undefined {
  const m =
    /\b(?:in|under|as)\s+(?:the\s+)?([a-z][a-z &-]{1,40}?)\s+category\b/.exec(text) ??
    /\bcategory:?\s+([a-z][a-z&-]*(?: [a-z&-]+)?)/.exec(text);
  if (!m) return undefined;
  const name = m[1]!.trim();
  const known = KNOWN_CATEGORIES.find((c) => c.toLowerCase() === name);
  if (known) return { category: known, word: known };
  const index = message.toLowerCase().indexOf(name);
  const written = index >= 0 ? message.slice(index, index + name.length) : name;
  return { category: written, word: written };
}

/** The category the text (normalised) means: named outright, else from the first word that says one. */
export function findCategory(text: string, message: string): CategoryMention | undefined {
  const named = namedCategory(text, message);
  if (named) return named;
  let best: { category: string; word: string; at: number } | undefined;
  for (const { category, word, pattern } of KEYWORDS) {
    const at = pattern.exec(text)?.index;
    if (at !== undefined && (!best || at < best.at)) best = { category, word, at };
  }
  return best && { category: best.category, word: best.word };
}

/** A category as an answer gives it: a known name or word ("taxi", "meals", "the third one"), else as written. */
export function categoryInAnswer(text: string, message: string): string | undefined {
  const known = KNOWN_CATEGORIES.find((c) => text.includes(c.toLowerCase()));
  if (known) return known;
  const found = findCategory(text, message);
  if (found) return found.category;
  const trimmed = message.trim().replace(/[.!]+$/, '');
  return trimmed.length >= 2 && trimmed.length <= 100 ? trimmed : undefined;
}
