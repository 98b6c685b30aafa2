/**
 * Places for Work From Anywhere requests, which take an ISO 3166-1 alpha-2 country and a city. The model knows a
 * few dozen major cities and the countries people name most; "from <city>, <country>" works for any city, and for a
 * city it does not know it asks which country (the planner's question).
 */

/** Major cities, by their English name, with the country they are in. */
const CITIES: Record<string, string> = {
  lisbon: 'PT',
  porto: 'PT',
  faro: 'PT',
  madrid: 'ES',
  barcelona: 'ES',
  valencia: 'ES',
  seville: 'ES',
  malaga: 'ES',
  paris: 'FR',
  lyon: 'FR',
  marseille: 'FR',
  nice: 'FR',
  bordeaux: 'FR',
  berlin: 'DE',
  munich: 'DE',
  hamburg: 'DE',
  frankfurt: 'DE',
  cologne: 'DE',
  rome: 'IT',
  milan: 'IT',
  florence: 'IT',
  naples: 'IT',
  amsterdam: 'NL',
  rotterdam: 'NL',
  brussels: 'BE',
  vienna: 'AT',
  zurich: 'CH',
  geneva: 'CH',
  london: 'GB',
  manchester: 'GB',
  edinburgh: 'GB',
  dublin: 'IE',
  copenhagen: 'DK',
  stockholm: 'SE',
  oslo: 'NO',
  helsinki: 'FI',
  reykjavik: 'IS',
  tallinn: 'EE',
  riga: 'LV',
  vilnius: 'LT',
  warsaw: 'PL',
  krakow: 'PL',
  prague: 'CZ',
  budapest: 'HU',
  bucharest: 'RO',
  sofia: 'BG',
  athens: 'GR',
  split: 'HR',
  zagreb: 'HR',
  istanbul: 'TR',
  'new york': 'US',
  'san francisco': 'US',
  'los angeles': 'US',
  boston: 'US',
  chicago: 'US',
  miami: 'US',
  seattle: 'US',
  austin: 'US',
  toronto: 'CA',
  montreal: 'CA',
  vancouver: 'CA',
  'mexico city': 'MX',
  'sao paulo': 'BR',
  'rio de janeiro': 'BR',
  'buenos aires': 'AR',
  tokyo: 'JP',
  seoul: 'KR',
  singapore: 'SG',
  bangkok: 'TH',
  bali: 'ID',
  'hong kong': 'HK',
  dubai: 'AE',
  'tel aviv': 'IL',
  'cape town': 'ZA',
  marrakech: 'MA',
  sydney: 'AU',
  melbourne: 'AU',
  auckland: 'NZ',
};

/** Country names people write, with their codes. */
const COUNTRIES: Record<string, string> = {
  portugal: 'PT',
  spain: 'ES',
  france: 'FR',
  germany: 'DE',
  italy: 'IT',
  netherlands: 'NL',
  'the netherlands': 'NL',
  holland: 'NL',
  belgium: 'BE',
  luxembourg: 'LU',
  austria: 'AT',
  switzerland: 'CH',
  'united kingdom': 'GB',
  uk: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'great britain': 'GB',
  ireland: 'IE',
  denmark: 'DK',
  sweden: 'SE',
  norway: 'NO',
  finland: 'FI',
  iceland: 'IS',
  estonia: 'EE',
  latvia: 'LV',
  lithuania: 'LT',
  poland: 'PL',
  czechia: 'CZ',
  'czech republic': 'CZ',
  slovakia: 'SK',
  hungary: 'HU',
  romania: 'RO',
  bulgaria: 'BG',
  greece: 'GR',
  croatia: 'HR',
  slovenia: 'SI',
  malta: 'MT',
  cyprus: 'CY',
  turkey: 'TR',
  'united states': 'US',
  usa: 'US',
  us: 'US',
  america: 'US',
  canada: 'CA',
  mexico: 'MX',
  brazil: 'BR',
  argentina: 'AR',
  japan: 'JP',
  'south korea': 'KR',
  korea: 'KR',
  singapore: 'SG',
  thailand: 'TH',
  indonesia: 'ID',
  india: 'IN',
  china: 'CN',
  'hong kong': 'HK',
  'united arab emirates': 'AE',
  uae: 'AE',
  israel: 'IL',
  'south africa': 'ZA',
  morocco: 'MA',
  australia: 'AU',
  'new zealand': 'NZ',
};

// Each code's first name in the table (its usual English name), for replies.
const NAMES: Record<string, string> = {};
for (const [name, code] of Object.entries(COUNTRIES))
  if (name.length > 3 && !name.startsWith('the ')) NAMES[code] ??= name;

function longestPrefix(words: string, table: Record<string, string>): string | undefined {
  let best: string | undefined;
  for (const name of Object.keys(table)) {
    if ((words === name || words.startsWith(`${name} `)) && (!best || name.length > best.length)) best = name;
  }
  return best;
}

/** The known city `words` (normalised) start with, and its country. */
export function knownCity(words: string): { name: string; country: string } | undefined {
  const name = longestPrefix(words, CITIES);
  return name === undefined ? undefined : { name, country: CITIES[name]! };
}

/** The country `words` (normalised) start with: a name ("portugal", "the uk"), and how long it was. */
export function countryAt(words: string): { code: string; length: number } | undefined {
  const bare = words.replace(/^the\s+/, '');
  const name = longestPrefix(bare, COUNTRIES);
  if (name === undefined) return undefined;
  return { code: COUNTRIES[name]!, length: words.length - bare.length + name.length };
}

/** A country as an answer gives it: a name, or a two-letter code ("PT"). */
export function countryInAnswer(text: string): string | undefined {
  const trimmed = text.trim().replace(/[.!]+$/, '');
  const named = countryAt(trimmed.replace(/^(?:it'?s\s+)?(?:in\s+)?/, ''));
  if (named) return named.code;
  return /^[a-z]{2}$/.test(trimmed) ? trimmed.toUpperCase() : undefined;
}

/** "Portugal" for PT (the model's own names), else the code itself. */
export function countryName(code: string): string {
  const name = NAMES[code];
  return name ? name.replace(/\b[a-z]/g, (c) => c.toUpperCase()) : code;
}

/** A city's name as people write it: "New York", "Sao Paulo". */
export function cityName(name: string): string {
  return name.replace(/(^|[\s-])([a-z])/g, (_m, lead: string, c: string) => lead + c.toUpperCase());
}
