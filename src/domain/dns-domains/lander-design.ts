/**
 * How a landing page looks, read from the user's instructions with rules of our own (no outside model): the kind of
 * page their words ask for, a colour theme, and the line under the name. What the page says beyond that is theirs,
 * shown as they wrote it.
 */
export type LanderTemplate = 'for-sale' | 'coming-soon' | 'business' | 'personal';
export type LanderTheme = 'light' | 'dark' | 'ocean' | 'forest' | 'sunset';

export interface LanderDesign {
  readonly template: LanderTemplate;
  readonly theme: LanderTheme;
  /** The first sentence of the instructions, or the template's own line. */
  readonly tagline: string;
  /** The rest of the instructions, in paragraphs. */
  readonly paragraphs: readonly string[];
}

const TEMPLATE_WORDS: readonly [LanderTemplate, RegExp][] = [
  ['coming-soon', /\b(coming soon|launch(ing)?|soon|under construction|stay tuned)\b/i],
  ['business', /\b(business|company|shop|store|services?|agency|startup|studio|consult\w*)\b/i],
  ['personal', /\b(personal|portfolio|blog|resume|cv|about me|my name)\b/i],
];

const THEME_WORDS: readonly [LanderTheme, RegExp][] = [
  ['dark', /\b(dark|black|night|noir)\b/i],
  ['ocean', /\b(blue|ocean|sea|water|sky)\b/i],
  ['forest', /\b(green|forest|nature|eco|plants?)\b/i],
  ['sunset', /\b(orange|red|warm|sunset|sunrise)\b/i],
];

const TAGLINES: Readonly<Record<LanderTemplate, string>> = {
  'for-sale': 'This domain is for sale.',
  'coming-soon': 'Something new is coming here soon.',
  business: 'Welcome.',
  personal: 'Hello.',
};

/** The longest tagline kept whole: a headline, not a paragraph. */
export const MAX_TAGLINE = 140;

/** The design the instructions ask for; a listed name with no other wish gets its for-sale page. */
export const landerDesignOf = (instructions: string, listed: boolean): LanderDesign => {
  const template =
    TEMPLATE_WORDS.find(([, words]) => words.test(instructions))?.[0] ?? (listed ? 'for-sale' : 'coming-soon');
  const theme = THEME_WORDS.find(([, words]) => words.test(instructions))?.[0] ?? 'light';
  const [first = '', ...rest] = instructions
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0);
  // a sentence ends where its mark is followed by a space; the paragraph's end ends the last one
  const sentence = /.*?[.!?](?=\s)/.exec(first)?.[0] ?? first;
  const tagline = sentence.length > 0 && sentence.length <= MAX_TAGLINE ? sentence : TAGLINES[template];
  const remainder = tagline === sentence ? first.slice(sentence.length).trim() : first;
  return { template, theme, tagline, paragraphs: [remainder, ...rest].filter((paragraph) => paragraph.length > 0) };
};
