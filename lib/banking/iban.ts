/**
 * IBAN checks (ISO 13616): two letters of country, two check digits, up to 30 letters and digits, and the
 * mod-97 checksum, which catches any single typo and most swaps. Spaces are for people: `normalIban` drops them.
 */
export function normalIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

export function isValidIban(text: string): boolean {
  const iban = normalIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of moved) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : Number(ch);
    remainder = Number(`${remainder}${value}`) % 97;
  }
  return remainder === 1;
}
