import { toASCII, toUnicode } from 'tr46';
import { IDNA, isPlainName, unicodeFormOf } from './idna';

/**
 * Names a customer registers or claims, blockchain (surface C) and DNS (surface D) alike (`decisions.md` §0):
 * `label.tld`, lowercased and trimmed, IDNs taken in Unicode or `xn--` form and kept as the A-label with the Unicode
 * form alongside.
 */
export type SecondLevelName = Readonly<{ name: string; unicode: string; label: string; tld: string }>;
export type ParsedName = Readonly<{ ok: true } & SecondLevelName> | Readonly<{ ok: false; reason: string }>;
export type ParsedLabel =
  Readonly<{ ok: true; label: string; unicode: string }> | Readonly<{ ok: false; reason: string }>;

/** The dots that separate labels, as browsers read them: ASCII, ideographic and full-width. */
export const LABEL_DOTS = /[.。．｡]/u;

const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
// longer input cannot shrink to 253 characters; refused before the IDNA mapping spends time on it
const MAX_INPUT_LENGTH = 4 * MAX_NAME_LENGTH;

const refuse = (reason: string) => ({ ok: false, reason }) as const;

/**
 * The hyphen rules of RFC 5891 §4.2.3.1 hold for both forms of a label; the length and character rules only for
 * the A-label, the form the registry stores.
 */
const hyphenProblem = (label: string): string | undefined => {
  if (label.startsWith('-') || label.endsWith('-')) return `The label '${label}' must not start or end with a hyphen.`;
  if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) {
    return `The label '${label}' must not have hyphens in the third and fourth positions.`;
  }
  return undefined;
};

const aLabelProblem = (label: string): string | undefined => {
  if (label.length === 0) return 'The name has an empty label.';
  if (label.length > MAX_LABEL_LENGTH) return `The label '${label}' is longer than ${MAX_LABEL_LENGTH} characters.`;
  if (!/^[a-z0-9-]+$/.test(label)) return `The label '${label}' may contain only letters, digits and hyphens.`;
  return hyphenProblem(label);
};

/** Why tr46 refused: the first label breaking a rule we can name, else a general sentence. */
const explainRefusal = (text: string): string => {
  for (const label of text.split('.')) {
    const ascii = /^[\x00-\x7f]*$/.test(label);
    const problem = ascii ? aLabelProblem(label) : hyphenProblem(label);
    if (problem) return problem;
    if (ascii && label.startsWith('xn--')) return `The label '${label}' is not a valid internationalized label.`;
  }
  return 'The name contains characters that are not allowed in a domain name.';
};

/** One label (no dots) in A-label form with its Unicode form: the rules of a registrable label without an ending. */
export const parseLabel = (input: string): ParsedLabel => {
  const text = input.trim().toLowerCase();
  if (text === '') return refuse('The label is empty.');
  if (text.length > MAX_INPUT_LENGTH) return refuse(`The label is longer than ${MAX_LABEL_LENGTH} characters.`);
  const label = toASCII(text, IDNA);
  if (label === null) return refuse(explainRefusal(text));
  if (label.includes('.')) return refuse('A label must not contain a dot.');
  const problem = aLabelProblem(label);
  if (problem) return refuse(problem);
  return { ok: true, label, unicode: toUnicode(label, IDNA).domain };
};

/** `supportedTlds` are lowercase endings without a dot; a name whose ending is not among them is refused. */
export const parseSecondLevelName = (input: string, supportedTlds: readonly string[]): ParsedName => {
  const text = input.trim().toLowerCase();
  if (text === '') return refuse('The name is empty.');
  if (text.length > MAX_INPUT_LENGTH) return refuse(`The name is longer than ${MAX_NAME_LENGTH} characters.`);
  // mapped as a whole, so that ideographic and full-width dots separate labels as they do in browsers; a plain name
  // (most asked for) is one IDNA leaves as it is, and needs none of its tables
  const name = isPlainName(text) ? text : toASCII(text, IDNA);
  if (name === null) return refuse(explainRefusal(text));
  const labels = name.split('.');
  if (labels.includes('')) return refuse('The name has an empty label: a leading, trailing or doubled dot.');
  if (labels.length === 1) return refuse('The name needs an ending, as in label.tld.');
  if (labels.length > 2) return refuse('Subdomains cannot be registered; give a name of the form label.tld.');
  const [label, tld] = labels as [string, string];
  if (!supportedTlds.includes(tld)) return refuse(`The ending .${tld} is not supported.`);
  const problem = aLabelProblem(label);
  if (problem) return refuse(problem);
  if (name.length > MAX_NAME_LENGTH) return refuse(`The name is longer than ${MAX_NAME_LENGTH} characters.`);
  return { ok: true, name, unicode: unicodeFormOf(name), label, tld };
};

/**
 * Whether a query looks like `label.tld` rather than a bare label, without validating it: lookups mix both, and a
 * bare label is searched under every ending.
 */
export const isNameShape = (input: string): boolean => /^[^\s.。．｡]+[.。．｡][^\s.。．｡]+$/u.test(input.trim());

/** The Unicode form of the label, whose length in code points sets the price. */
export const unicodeLabelOf = (name: Pick<SecondLevelName, 'unicode'>): string =>
  name.unicode.slice(0, name.unicode.lastIndexOf('.'));

/**
 * A name as a user asks for it, under whatever ending it has: refused for what makes it no name, while the ending is
 * left to the caller to judge (a TLD not sold is told by the availability, not as a malformed name).
 */
export const parseAskedName = (input: string): ParsedName => {
  const text = input.trim();
  return parseSecondLevelName(text, [text.slice(text.lastIndexOf('.') + 1).toLowerCase()]);
};

/** A name the service stored as it takes names (`label.tld`, its A-label), in all its forms again. */
export const storedNameOf = (name: string): SecondLevelName => {
  const dot = name.lastIndexOf('.');
  return { name, unicode: unicodeFormOf(name), label: name.slice(0, dot), tld: name.slice(dot + 1) };
};
