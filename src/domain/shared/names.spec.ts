import { toASCII, toUnicode } from 'tr46';
import { IDNA } from './idna';
import { isNameShape, parseAskedName, parseLabel, parseSecondLevelName, storedNameOf, unicodeLabelOf } from './names';

const TLDS = ['crypto', 'wallet', 'x'];
const parse = (input: string) => parseSecondLevelName(input, TLDS);
const reasonOf = (input: string) => {
  const parsed = parse(input);
  return parsed.ok ? undefined : parsed.reason;
};

describe('parseSecondLevelName', () => {
  it('trims and lowercases', () =>
    expect(parse('  Alice.Crypto \n')).toEqual({
      ok: true,
      name: 'alice.crypto',
      unicode: 'alice.crypto',
      label: 'alice',
      tld: 'crypto',
    }));

  it('stores an IDN given in Unicode as its A-label, with the Unicode form alongside', () =>
    expect(parse('Café.crypto')).toEqual({
      ok: true,
      name: 'xn--caf-dma.crypto',
      unicode: 'café.crypto',
      label: 'xn--caf-dma',
      tld: 'crypto',
    }));

  it('reads the xn-- form, in any case, as the same name', () => {
    expect(parse('xn--caf-dma.crypto')).toEqual(parse('café.crypto'));
    expect(parse('XN--CAF-DMA.CRYPTO')).toEqual(parse('café.crypto'));
  });

  it('round trips: parsing the Unicode form of a parsed name gives the same name', () => {
    for (const input of ['münchen.wallet', 'xn--strae-oqa.x', '😀.x', 'שלום.crypto']) {
      const first = parse(input);
      if (!first.ok) throw new Error(`${input}: ${first.reason}`);
      expect(parse(first.unicode)).toEqual(first);
      expect(parse(first.name)).toEqual(first);
    }
  });

  it('keeps ß as ß (nontransitional processing)', () =>
    expect(parse('straße.x')).toMatchObject({ ok: true, name: 'xn--strae-oqa.x' }));

  it('maps full-width and ideographic dots to dots, as browsers do', () =>
    expect(parse('café。crypto')).toMatchObject({ ok: true, name: 'xn--caf-dma.crypto' }));

  it.each([
    ['-alice.crypto', 'start or end with a hyphen'],
    ['alice-.crypto', 'start or end with a hyphen'],
    ['ab--cd.crypto', 'third and fourth positions'],
    ['-ü.crypto', 'start or end with a hyphen'],
  ])('refuses the bad hyphens of %s', (input, reason) => expect(reasonOf(input)).toContain(reason));

  it('accepts hyphens inside a label and the xn-- prefix', () => {
    expect(parse('a-b-c.x')).toMatchObject({ ok: true, label: 'a-b-c' });
    expect(parse('xn--mnchen-3ya.x')).toMatchObject({ ok: true, unicode: 'münchen.x' });
  });

  it('refuses an xn-- label that is not valid punycode', () =>
    expect(reasonOf('xn--zz.crypto')).toContain('not a valid internationalized label'));

  it.each(['a_b.crypto', 'a b.crypto', 'a!b.crypto', 'a\u0000b.crypto'])('refuses the characters of %j', (input) =>
    expect(parse(input).ok).toBe(false),
  );

  it('names the first label at fault, as it would be stored', () => {
    expect(reasonOf('B_a.crypto')).toBe("The label 'b_a' may contain only letters, digits and hyphens.");
    expect(reasonOf('café.a_b.crypto')).toBe("The label 'a_b' may contain only letters, digits and hyphens.");
    expect(reasonOf('pay.al_ice.crypto')).toBe("The label 'al_ice' may contain only letters, digits and hyphens.");
    expect(reasonOf('.ab--cd.crypto')).toBe('The name has an empty label.');
  });

  it('says so when no rule it can name is broken', () =>
    // a label mixing left-to-right and right-to-left letters
    expect(reasonOf('a\u0627.crypto')).toBe('The name contains characters that are not allowed in a domain name.'));

  it('maps input of up to four times the longest name: characters that map to nothing still count', () => {
    const padded = (softHyphens: number) => `a${'\u00ad'.repeat(softHyphens)}.x`;
    expect(padded(1009)).toHaveLength(4 * 253);
    expect(parse(padded(1009))).toMatchObject({ ok: true, name: 'a.x' });
    expect(reasonOf(padded(1010))).toBe('The name is longer than 253 characters.');
  });

  it('takes labels of 1 to 63 characters', () => {
    expect(parse('a.x')).toMatchObject({ ok: true });
    expect(parse(`${'a'.repeat(63)}.x`)).toMatchObject({ ok: true });
    expect(reasonOf(`${'a'.repeat(64)}.x`)).toContain('longer than 63 characters');
  });

  it('measures the length of an IDN label as its A-label', () =>
    // 57 code points, but 'xn--', 56 a's, '-' and the encoded é make 64 characters
    expect(reasonOf(`${'a'.repeat(56)}é.x`)).toContain('longer than 63 characters'));

  it('refuses a name longer than 253 characters', () => {
    const tld = 'b'.repeat(200);
    expect(parseSecondLevelName(`${'a'.repeat(53)}.${tld}`, [tld])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('253'),
    });
    expect(parseSecondLevelName(`${'a'.repeat(52)}.${tld}`, [tld])).toMatchObject({ ok: true });
    expect(reasonOf('a'.repeat(5000))).toContain('253');
  });

  it('refuses an ending that is not supported', () =>
    expect(reasonOf('alice.com')).toBe('The ending .com is not supported.'));

  it('gives plain names, which skip the IDNA tables, the forms IDNA gives them, and leaves the rest to IDNA', () => {
    for (const input of ['ab-c.crypto', 'a-b--c.x', '0.wallet', 'xn--bcher-kva.crypto', 'Bücher.crypto', 'maße.x']) {
      const name = toASCII(input.toLowerCase(), IDNA) as string;
      expect([input, parse(input)]).toEqual([
        input,
        expect.objectContaining({ ok: true, name, unicode: toUnicode(name, IDNA).domain }),
      ]);
    }
    for (const input of ['ab--c.crypto', '-ab.x', 'xn--a.x']) expect(parse(input).ok).toBe(false);
  });

  it('refuses subdomains: only label.tld can be claimed', () =>
    expect(reasonOf('pay.alice.crypto')).toContain('Subdomains'));

  it.each([
    ['', 'The name is empty.'],
    ['   ', 'The name is empty.'],
    ['alice', 'needs an ending'],
    ['alice.crypto.', 'empty label'],
    ['.crypto', 'empty label'],
    ['alice..crypto', 'empty label'],
  ])('refuses the shape of %j', (input, reason) => expect(reasonOf(input)).toContain(reason));
});

describe('parseLabel', () => {
  it('gives the A-label and Unicode form of one label', () =>
    expect(parseLabel(' Café ')).toEqual({ ok: true, label: 'xn--caf-dma', unicode: 'café' }));

  it.each(['', 'a.b', '-a', 'ab--c', 'a'.repeat(64)])('refuses %j', (input) =>
    expect(parseLabel(input).ok).toBe(false),
  );

  it.each([
    ['', 'The label is empty.'],
    ['  ', 'The label is empty.'],
    ['\u00ad', 'The name has an empty label.'],
    ['a.b', 'A label must not contain a dot.'],
    ['a。b', 'A label must not contain a dot.'],
    ['A_b', "The label 'a_b' may contain only letters, digits and hyphens."],
  ])('says why it refuses %j', (input, reason) => expect(parseLabel(input)).toEqual({ ok: false, reason }));

  it('maps input of up to four times the longest name', () => {
    expect(parseLabel(`a${'\u00ad'.repeat(1011)}`)).toEqual({ ok: true, label: 'a', unicode: 'a' });
    expect(parseLabel(`a${'\u00ad'.repeat(1012)}`)).toEqual({
      ok: false,
      reason: 'The label is longer than 63 characters.',
    });
  });
});

describe('isNameShape', () => {
  it.each([
    ['alice.crypto', true],
    [' café.x ', true],
    ['alice', false],
    ['pay.alice.crypto', false],
    ['alice.', false],
    ['al ice.x', false],
  ])('%j → %s', (input, expected) => expect(isNameShape(input)).toBe(expected));
});

describe('unicodeLabelOf', () => {
  it('is the label in Unicode', () => {
    const parsed = parse('xn--caf-dma.crypto');
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(unicodeLabelOf(parsed)).toBe('café');
  });
});

describe('storedNameOf', () => {
  it('gives back every form of a name stored as its A-label', () => {
    expect(storedNameOf('xn--bcher-kva.com')).toEqual({
      name: 'xn--bcher-kva.com',
      unicode: 'bücher.com',
      label: 'xn--bcher-kva',
      tld: 'com',
    });
    expect(storedNameOf('sun.co')).toEqual({ name: 'sun.co', unicode: 'sun.co', label: 'sun', tld: 'co' });
  });
});

describe('parseAskedName', () => {
  it('takes a name under whatever ending it has, trimmed and lowercased', () => {
    expect(parseAskedName('  Sun.COM ')).toEqual({
      ok: true,
      name: 'sun.com',
      unicode: 'sun.com',
      label: 'sun',
      tld: 'com',
    });
    expect(parseAskedName('sun.whatever')).toMatchObject({ ok: true, tld: 'whatever' });
  });

  it('refuses what is no name', () => {
    expect(parseAskedName('no-ending')).toEqual({ ok: false, reason: 'The name needs an ending, as in label.tld.' });
    expect(parseAskedName('a.b.com')).toMatchObject({ ok: false });
  });
});
