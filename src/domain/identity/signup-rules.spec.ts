import { emailProblems, normalizeEmail, passwordProblems } from './signup-rules';

// Equivalent mutants: `at <= 0` → `at < 0`: an address starting with its @ has an empty local part, which the
// local-part pattern refuses with the same answer.

describe('signup rules', () => {
  it.each([
    'alice@example.com',
    'a.b+tag@sub.example.co',
    "o'hara@example.org",
    'x@a.io',
    'alice@host.a1',
    'alice@host.1a',
  ])('accepts %s', (email) => expect(emailProblems(email)).toEqual([]));
  it.each([
    'alice',
    '@example.com',
    'alice@',
    'alice@localhost',
    'a..b@example.com',
    'alice@exa mple.com',
    'alice@-example.com',
    'alice@example.123',
    `${'a'.repeat(65)}@example.com`,
    'alice.example.com',
  ])('refuses %s', (email) => expect(emailProblems(email)).toEqual(['must be an email address']));
  it('takes addresses of up to 254 characters, with up to 64 before the @', () => {
    const address = (local: number, domain: number) =>
      `${'a'.repeat(local)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(domain - 132)}.com`;
    expect(address(64, 189)).toHaveLength(254);
    expect(emailProblems(address(64, 189))).toEqual([]);
    expect(emailProblems(address(64, 190))).toEqual(['must be at most 254 characters']);
    expect(emailProblems(address(65, 150))).toEqual(['must be an email address']);
  });
  it('lowercases and trims addresses', () => expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com'));
  it('wants 8 to 256 characters with upper, lower, digit and another character', () => {
    expect(passwordProblems('Str0ng!pass')).toEqual([]);
    expect(passwordProblems('Str0ng!x')).toEqual([]);
    expect(passwordProblems('Str0ng!')).toEqual(['must be at least 8 characters']);
    expect(passwordProblems('short1!')).toContain('must be at least 8 characters');
    expect(passwordProblems(`Aa1!${'x'.repeat(252)}`)).toEqual([]);
    expect(passwordProblems(`Aa1!${'x'.repeat(253)}`)).toEqual(['must be at most 256 characters']);
    expect(passwordProblems('alllowercase1!')).toEqual(['must contain an uppercase letter']);
    expect(passwordProblems('ALLUPPERCASE1!')).toEqual(['must contain a lowercase letter']);
    expect(passwordProblems('NoDigitsHere!')).toEqual(['must contain a digit']);
    expect(passwordProblems('NoSymbols123')).toEqual(['must contain a character that is not a letter or a digit']);
    expect(passwordProblems('Str0ng!pa\u0000ss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng!pa\tss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng!pa\u001fss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng!pa\u007fss')).toEqual(['must not contain control characters']);
    expect(passwordProblems('Str0ng pa\u00e9ss')).toEqual([]);
  });
});
