/**
 * Text for the standard PDF fonts (Helvetica), which read bytes in WinAnsiEncoding (PDF 32000-1, Annex D): Latin-1
 * plus a few typographic characters at 0x80-0x9F. What lies outside it is transliterated (accents dropped, a few
 * letters spelled in ASCII) and, failing that, printed as `?`: a name in another script never fails the document,
 * but is not printed in that script (no font is embedded).
 */

/** The characters WinAnsi holds at 0x80-0x9F, by code. */
const winAnsiHigh: Record<string, number> = {
  '\u20ac': 0x80,
  '\u201a': 0x82,
  '\u0192': 0x83,
  '\u201e': 0x84,
  '\u2026': 0x85,
  '\u2020': 0x86,
  '\u2021': 0x87,
  '\u02c6': 0x88,
  '\u2030': 0x89,
  '\u0160': 0x8a,
  '\u2039': 0x8b,
  '\u0152': 0x8c,
  '\u017d': 0x8e,
  '\u2018': 0x91,
  '\u2019': 0x92,
  '\u201c': 0x93,
  '\u201d': 0x94,
  '\u2022': 0x95,
  '\u2013': 0x96,
  '\u2014': 0x97,
  '\u02dc': 0x98,
  '\u2122': 0x99,
  '\u0161': 0x9a,
  '\u203a': 0x9b,
  '\u0153': 0x9c,
  '\u017e': 0x9e,
  '\u0178': 0x9f,
};

/** Letters that do not decompose into a base letter and a mark, spelled as their usual ASCII transliteration. */
const spelled: Record<string, string> = {
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\u0126': 'H',
  '\u0127': 'h',
  '\u0132': 'IJ',
  '\u0133': 'ij',
  '\u013f': 'L',
  '\u0140': 'l',
  '\u014a': 'N',
  '\u014b': 'n',
  '\u0166': 'T',
  '\u0167': 't',
  '\u0218': 'S',
  '\u0219': 's',
  '\u021a': 'T',
  '\u021b': 't',
};

function codeOf(char: string): number | undefined {
  const code = char.codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return winAnsiHigh[char];
}

/** The WinAnsi bytes of `text`: each character as is, transliterated, or `?`. */
export function toWinAnsi(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const direct = codeOf(char);
    if (direct !== undefined) {
      bytes.push(direct);
      continue;
    }
    const spelledOut = spelled[char];
    const base = spelledOut ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    const codes = [...base].map(codeOf);
    if (base.length > 0 && codes.every((c) => c !== undefined)) bytes.push(...(codes as number[]));
    else bytes.push(0x3f);
  }
  return Buffer.from(bytes);
}
