/** Numbers as people write them in requests: "3", "three", "a", "2.5". */

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
};

/** A regular-expression source matching one quantity: digits (with a decimal part) or a number word. */
export const QUANTITY = `(?:\\d+(?:\\.\\d+)?|${Object.keys(WORD_NUMBERS).join('|')})`;

/** The value of a quantity matched by `QUANTITY`, or undefined. */
export function quantityValue(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return WORD_NUMBERS[trimmed];
}

/** Ordinal words people use to pick from a list ("the second one"), as 0-based indexes. */
export const ORDINALS: Record<string, number> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
};
