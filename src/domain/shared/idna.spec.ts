import { toASCII } from 'tr46';
import { domainNameForms, IDNA, isPlainName, unicodeFormOf } from './idna';

// Equivalent mutants:
// - `domainNameForms`: `text === ''` → `false` and its `''` → "Stryker was here!": an empty name is refused as a name
//   with an empty label two lines on.
// - `unicodeFormOf`: `'xn--'` → `""`: the Unicode form of a name without an A-label is the name itself.
// - `domainNameForms`: `isPlainName(text)` → `false`: the shortcut off, IDNA answers every name the same.

describe('domainNameForms', () => {
  it('keeps a name as its A-label, lowercased and trimmed, with the Unicode form beside it', () => {
    expect(domainNameForms('  Example.COM ')).toEqual({ name: 'example.com', unicode: 'example.com' });
    expect(domainNameForms('Straße.de')).toEqual({ name: 'xn--strae-oqa.de', unicode: 'straße.de' });
    expect(domainNameForms('xn--strae-oqa.de')).toEqual({ name: 'xn--strae-oqa.de', unicode: 'straße.de' });
    expect(domainNameForms('a.b.example.com')).toEqual({ name: 'a.b.example.com', unicode: 'a.b.example.com' });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['a..com', 'an empty label'],
    ['.com', 'a leading dot'],
    ['-a.com', 'a leading hyphen'],
    ['ab--c.com', 'hyphens in the third and fourth positions'],
    ['a_b.com', 'a character outside letters, digits and hyphens'],
    ['a\u200db.com', 'a joiner between letters'],
    ['a\u0627.com', 'left-to-right and right-to-left in one label'],
  ])('refuses %j: %s', (input) => expect(domainNameForms(input)).toBeNull());

  it('takes labels of up to 63 characters and names of up to 253', () => {
    const label = (length: number) => 'a'.repeat(length);
    expect(domainNameForms(`${label(63)}.com`)).not.toBeNull();
    expect(domainNameForms(`${label(64)}.com`)).toBeNull();
    const name = (last: number) => [label(63), label(63), label(63), label(last)].join('.');
    expect(domainNameForms(name(61))?.name).toHaveLength(253);
    expect(domainNameForms(name(62))).toBeNull();
    // the same bounds for a name IDNA maps (a soft hyphen maps to nothing), not only for the plain ASCII ones
    expect(domainNameForms(`${name(61)}\u00ad`)?.name).toHaveLength(253);
    expect(domainNameForms(`${name(62)}\u00ad`)).toBeNull();
  });

  it('answers every plain ASCII name exactly as IDNA does, without asking it', () => {
    const labels = ['a', 'z9', '0', 'ab-c', 'a-b--c', 'a-', '-a', 'ab--c', 'xn--strae-oqa', 'xn--a', 'a'.repeat(63)];
    const names = labels.flatMap((first) => labels.map((second) => `${first}.${second}`));
    const long = (last: number) => ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(last)].join('.');
    for (const name of [...names, long(61), long(62), 'com', 'a.b.c.d'].map((name) => name.toUpperCase())) {
      const ascii = toASCII(name.toLowerCase(), IDNA);
      const accepted =
        ascii !== null &&
        ascii.length <= 253 &&
        ascii.split('.').every((label) => label.length > 0 && label.length < 64);
      expect([name, domainNameForms(name)?.name ?? null]).toEqual([name, accepted ? ascii : null]);
    }
    expect(domainNameForms('a-b--c.com')).toEqual({ name: 'a-b--c.com', unicode: 'a-b--c.com' });
    expect(domainNameForms('a-.com')).toBeNull();
    expect(domainNameForms('xn--a.com')).toBeNull();
  });

  it('maps input of up to four times the longest name: characters that map to nothing still count', () => {
    const padded = (softHyphens: number) => `a${'\u00ad'.repeat(softHyphens)}.com`;
    expect(padded(1007)).toHaveLength(4 * 253);
    expect(domainNameForms(padded(1007))).toEqual({ name: 'a.com', unicode: 'a.com' });
    expect(domainNameForms(padded(1008))).toBeNull();
  });
});

describe('isPlainName', () => {
  it('takes lowercase labels of letters, digits and inner hyphens, of 1 to 63 characters, in a name of up to 253', () => {
    const long = (last: number) => ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(last)].join('.');
    for (const name of ['a', 'ab-c.com', 'a-b--c.com', '0.9', `${'a'.repeat(63)}.com`, long(61)])
      expect([name, isPlainName(name)]).toEqual([name, true]);
    for (const name of ['', 'a..com', '-a.com', 'a-.com', 'ab--c.com', 'xn--a.com', 'A.com', 'a_b.com', 'ß.de'])
      expect([name, isPlainName(name)]).toEqual([name, false]);
    expect(isPlainName(`${'a'.repeat(64)}.com`)).toBe(false);
    expect(isPlainName(long(62))).toBe(false);
  });
});

describe('unicodeFormOf', () => {
  it('shows an IDN in Unicode and any other name as it is', () => {
    expect(unicodeFormOf('xn--strae-oqa.de')).toBe('straße.de');
    expect(unicodeFormOf('example.com')).toBe('example.com');
  });
});
