import { toASCII, toUnicode } from 'tr46';

/**
 * Domain names in their two forms (`decisions.md` §0): kept and compared as the A-label (`xn--…`), shown with the
 * Unicode form beside it. UTS #46 nontransitional processing, as browsers and the IDNA2008 registries do (ß stays
 * ß, not ss).
 */
export const IDNA = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
} as const;

const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

/**
 * A label IDNA maps to itself and accepts: letters, digits and hyphens, none first or last, and no `--` in the third
 * and fourth places (where an A-label's `xn--` is, which IDNA must decode to check).
 */
const PLAIN_LABEL = /^(?!-)(?!..--)[a-z0-9-]{1,63}(?<!-)$/;

/** A lowercase name IDNA would take as it is: plain labels, and no longer than a name may be. */
export const isPlainName = (text: string): boolean =>
  text.length <= MAX_NAME_LENGTH && text.split('.').every((label) => PLAIN_LABEL.test(label));

export type DomainNameForms = Readonly<{ name: string; unicode: string }>;

/** The Unicode form of a stored (A-label) name; the name itself when it is not an IDN. */
export const unicodeFormOf = (name: string): string => (name.includes('xn--') ? toUnicode(name, IDNA).domain : name);

/**
 * Any well-formed name of one or more labels, in either form, lowercased and trimmed; null when no registry could
 * hold it (empty labels, too long, characters IDNA refuses).
 */
export const domainNameForms = (input: string): DomainNameForms | null => {
  const text = input.trim().toLowerCase();
  if (text === '' || text.length > 4 * MAX_NAME_LENGTH) return null;
  // most names asked for are plain ASCII, which IDNA leaves as they are: they need none of its tables
  if (isPlainName(text)) return { name: text, unicode: text };
  const name = toASCII(text, IDNA);
  if (name === null || name.length > MAX_NAME_LENGTH) return null;
  if (name.split('.').some((label) => label.length === 0 || label.length > MAX_LABEL_LENGTH)) return null;
  return { name, unicode: unicodeFormOf(name) };
};
