import { ContactDetails, contactProblemsOf, e164Of, normalizedContact, normalizedDialingPrefix } from './contact-rules';

// Equivalent mutants:
// - contact-rules.ts e164Of: the shape checks of the prefix and the digits (`→ false`, `|| → &&`, their anchors
//   dropped): libphonenumber-js reads no valid number from what they let through, and the calling code it reads
//   must still be the prefix.
// - contactProblemsOf and textProblem: the organization checked as required (`false` → `true`) and `value.trim()` →
//   `value`: the details are normalized first, which trims every field and makes an empty organization null.
// - addressProblems: `else if (!subdivisions)` → `true`: a state code on a country's list is never a text problem.

const ada: ContactDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: null,
  email: 'ada@example.net',
  phone: { dialingPrefix: '+44', number: '2071234567' },
  street: '1 Analytical Row',
  city: 'London',
  stateProvince: 'Greater London',
  postalCode: 'n1 9gu',
  countryCode: 'gb',
};
const problemsOf = (change: Partial<ContactDetails>) =>
  contactProblemsOf(normalizedContact({ ...ada, ...change })).map((problem) => problem.path);

describe('contact rules', () => {
  it('take a complete contact, normalized: trimmed, capitals where codes are, the prefix without its plus', () => {
    expect(problemsOf({})).toEqual([]);
    expect(normalizedContact({ ...ada, firstName: ' Ada ', organization: '  ' })).toMatchObject({
      firstName: 'Ada',
      organization: null,
      phone: { dialingPrefix: '44', number: '2071234567' },
      postalCode: 'N1 9GU',
      countryCode: 'GB',
    });
  });

  it('give the number in E.164 when the numbering plan of its country has it', () => {
    expect(e164Of({ dialingPrefix: '+1', number: '415 555 2671' })).toBe('+14155552671');
    expect(e164Of({ dialingPrefix: '1', number: '(415) 555-2671' })).toBe('+14155552671');
    expect(e164Of({ dialingPrefix: '44', number: '20 7123 4567' })).toBe('+442071234567');
    expect(e164Of({ dialingPrefix: '1', number: '0000000000' })).toBeNull();
    expect(e164Of({ dialingPrefix: '999', number: '4155552671' })).toBeNull();
    expect(e164Of({ dialingPrefix: '+1+', number: '4155552671' })).toBeNull();
    expect(e164Of({ dialingPrefix: '1', number: '415555267x' })).toBeNull();
  });

  it.each([
    ['an empty first name', { firstName: ' ' }, ['firstName']],
    ['a last name over 100 characters', { lastName: 'x'.repeat(101) }, ['lastName']],
    ['a name with a control character', { firstName: 'A\u0000da' }, ['firstName']],
    ['a name with a bidi override', { lastName: 'Love\u202elace' }, ['lastName']],
    ['an organization over 100 characters', { organization: 'o'.repeat(101) }, ['organization']],
    ['a mailbox without @', { email: 'ada.example.net' }, ['email']],
    ['a mailbox without a dotted domain', { email: 'ada@localhost' }, ['email']],
    ['a mailbox with two @', { email: 'a@b@example.net' }, ['email']],
    ['a mailbox with a space', { email: 'ada lovelace@example.net' }, ['email']],
    ['a mailbox over 100 characters', { email: `${'a'.repeat(60)}@${'b'.repeat(40)}.net` }, ['email']],
    ['a local part over 64 characters', { email: `${'a'.repeat(65)}@example.net` }, ['email']],
    ['an invalid phone number', { phone: { dialingPrefix: '44', number: '123' } }, ['phone']],
    ['a phone prefix of letters', { phone: { dialingPrefix: 'UK', number: '2071234567' } }, ['phone']],
    ['an empty street', { street: '' }, ['street']],
    ['an empty city', { city: '' }, ['city']],
    ['an unassigned country', { countryCode: 'XX' }, ['countryCode']],
    ['a three-letter country', { countryCode: 'GBR' }, ['countryCode']],
    [
      'a US address without a state code',
      { countryCode: 'US', stateProvince: 'Texas', postalCode: '73301' },
      ['stateProvince'],
    ],
    ['a US ZIP code of four digits', { countryCode: 'US', stateProvince: 'TX', postalCode: '7330' }, ['postalCode']],
    [
      'a Canadian postal code with a D',
      { countryCode: 'CA', stateProvince: 'ON', postalCode: 'D1A 1A1' },
      ['postalCode'],
    ],
    ['a German postal code of four digits', { countryCode: 'DE', postalCode: '1011' }, ['postalCode']],
    ['a British postal code in the wrong shape', { postalCode: '12345' }, ['postalCode']],
    ['no postal code where one is required', { postalCode: '' }, ['postalCode']],
    ['a postal code of punctuation', { countryCode: 'AR', postalCode: '!!' }, ['postalCode']],
  ])('refuse %s', (_case, change, paths) => expect(problemsOf(change as Partial<ContactDetails>)).toEqual(paths));

  it('take state codes in any case where the country lists them, and no postal code where there is none', () => {
    expect(problemsOf({ countryCode: 'US', stateProvince: 'tx', postalCode: '73301-0001' })).toEqual([]);
    expect(problemsOf({ countryCode: 'CA', stateProvince: 'on', postalCode: 'k1a 0b1' })).toEqual([]);
    expect(problemsOf({ countryCode: 'AE', stateProvince: 'Dubai', postalCode: '' })).toEqual([]);
    expect(problemsOf({ countryCode: 'JP', stateProvince: 'Tokyo', postalCode: '100-0001' })).toEqual([]);
  });

  it.each([
    ['US', 'TX', ['73301', '73301-0001'], ['7330', '733011', 'A73301', '73301-001', '73301-00012', '73301 0001']],
    ['CA', 'ON', ['K1A 0B1', 'K1A0B1', 'Y1Z 9Z9'], ['W1A 0B1', 'K1D 0B1', 'K1A 0D1', 'K1A 0B', 'AK1A 0B1', 'K1A 0B1A']],
    [
      'GB',
      'London',
      ['N1 9GU', 'SW1A 1AA', 'SW1A1AA', 'B33 8TH', 'GIR 0AA', 'GIR0AA'],
      ['N1 9G', 'ABC1 9GU', 'N1 9GU1', '1N 9GU', 'N1 9G1'],
    ],
    ['DE', 'Berlin', ['10115'], ['1011', '101155', 'A10115']],
    ['FR', 'Paris', ['75001'], ['7500', '750011', 'A75001']],
    ['ES', 'Madrid', ['28001'], ['2800', '280011', 'A28001']],
    ['IT', 'Roma', ['00184'], ['0018', '001844', 'A00184']],
    ['FI', 'Uusimaa', ['00100'], ['0010', '001000', 'A00100']],
    ['KR', 'Seoul', ['03051'], ['0305', '030511', 'A03051']],
    ['MX', 'CDMX', ['06000'], ['0600', '060000', 'A06000']],
    ['NL', 'Noord-Holland', ['1011 AB', '1011AB'], ['1011 A', '101 AB', '1011 ABC', 'A1011 AB', '1011 A1']],
    ['BE', 'Brussels', ['1000'], ['100', '10000', 'A1000']],
    ['CH', 'Bern', ['3000'], ['300', '30000', 'A3000']],
    ['AT', 'Wien', ['1010'], ['101', '10100', 'A1010']],
    ['AU', 'NSW', ['2000'], ['200', '20000', 'A2000']],
    ['NZ', 'Auckland', ['1010'], ['101', '10100', 'A1010']],
    ['DK', 'Hovedstaden', ['1050'], ['105', '10500', 'A1050']],
    ['NO', 'Oslo', ['0150'], ['015', '01500', 'A0150']],
    ['SE', 'Stockholm', ['114 55', '11455'], ['1145', '114 555', 'A114 55', '114-55']],
    ['PL', 'Mazowieckie', ['00-950'], ['00950', '00-95', '000-950', '00-9500']],
    ['PT', 'Lisboa', ['1000-001'], ['1000001', '1000-01', '100-001', '1000-0011', '01000-001']],
    [
      'IE',
      'Dublin',
      ['D02 X285', 'D02X285', 'A65 F4E2'],
      ['B02 X285', 'DA2 X285', 'D0A X285', 'D02 X28', 'D02 X2855', 'D02 B285', 'AD02 X285'],
    ],
    ['JP', 'Tokyo', ['100-0001', '1000001'], ['10-00001', '100-001', '1000-0001', '100-00011']],
    ['CN', 'Beijing', ['100000'], ['10000', '1000000', 'A100000']],
    ['IN', 'Delhi', ['110001'], ['11000', '1100011', 'A110001']],
    ['SG', 'Singapore', ['018956'], ['01895', '0189566', 'A018956']],
    ['BR', 'SP', ['01310-100', '01310100'], ['0131-100', '01310-10', '013100-100', '01310-1000']],
    [
      'AR',
      'Buenos Aires',
      ['C1002AAA', 'C 1002', '1', '1234567890ABCDEF'],
      ['-1002', '.C1002', '1234567890ABCDEFG', 'C1002_A'],
    ],
  ])('take %s postal codes in the country’s format (state %s)', (countryCode, stateProvince, valid, invalid) => {
    for (const postalCode of valid)
      expect([postalCode, problemsOf({ countryCode, stateProvince, postalCode })]).toEqual([postalCode, []]);
    for (const postalCode of invalid) {
      expect([postalCode, problemsOf({ countryCode, stateProvince, postalCode })]).toEqual([
        postalCode,
        ['postalCode'],
      ]);
    }
  });

  it('take a mailbox of up to 100 characters with up to 64 before the @', () => {
    expect(problemsOf({ email: `${'a'.repeat(64)}@example.net` })).toEqual([]);
    expect(problemsOf({ email: 'ada.lovelace@example.net' })).toEqual([]);
    expect(problemsOf({ email: 'ada@example.net x' })).toEqual(['email']);
    expect(problemsOf({ email: `${'a'.repeat(59)}@${'b'.repeat(36)}.net` })).toEqual([]);
    expect(contactProblemsOf(normalizedContact({ ...ada, email: `${'a'.repeat(60)}@${'b'.repeat(36)}.net` }))).toEqual([
      { path: 'email', message: 'must be at most 100 characters' },
    ]);
  });

  it('take names of up to 100 characters', () =>
    expect(problemsOf({ firstName: 'f'.repeat(100), lastName: 'l'.repeat(100) })).toEqual([]));

  it('say what each field must be', () =>
    expect(
      contactProblemsOf(
        normalizedContact({
          ...ada,
          firstName: '',
          lastName: 'l'.repeat(101),
          organization: 'Acme\u0007',
          email: 'nobody',
          phone: { dialingPrefix: '44', number: '1' },
          street: '',
          city: '',
          stateProvince: 'Kent\u0000',
          postalCode: '1',
        }),
      ),
    ).toEqual([
      { path: 'firstName', message: 'must not be empty' },
      { path: 'lastName', message: 'must be at most 100 characters' },
      { path: 'organization', message: 'must hold printable characters only' },
      { path: 'email', message: 'must be a mailbox, as in name@example.com' },
      { path: 'phone', message: 'must be a valid telephone number: a country calling code and the number' },
      { path: 'street', message: 'must not be empty' },
      { path: 'city', message: 'must not be empty' },
      { path: 'stateProvince', message: 'must hold printable characters only' },
      { path: 'postalCode', message: 'is not a postal code of GB' },
    ]));

  it('say what a country, a state and a missing postal code must be', () => {
    expect(contactProblemsOf(normalizedContact({ ...ada, countryCode: '' }))).toEqual([
      { path: 'countryCode', message: 'must be an ISO 3166-1 alpha-2 code, as in US' },
    ]);
    expect(
      contactProblemsOf(normalizedContact({ ...ada, countryCode: 'US', stateProvince: '', postalCode: '' })),
    ).toEqual([
      { path: 'stateProvince', message: 'must be a state or province code of US' },
      { path: 'postalCode', message: 'is required in US' },
    ]);
  });

  it('read the number with the prefix given, and no other', () => {
    expect(e164Of({ dialingPrefix: '14', number: '155552671' })).toBeNull();
    expect(normalizedDialingPrefix(' +44 ')).toBe('44');
    expect(normalizedDialingPrefix('4+4')).toBe('4+4');
  });

  it('normalize every field: trimmed, codes in capitals, an organization of spaces none', () => {
    expect(
      normalizedContact({
        firstName: ' Ada ',
        lastName: ' Lovelace ',
        organization: ' Analytical Engines ',
        email: ' ada@example.net ',
        phone: { dialingPrefix: ' +1 ', number: ' 415 555 2671 ' },
        street: ' 1 Main St ',
        city: ' Austin ',
        stateProvince: ' tx ',
        postalCode: ' 73301 ',
        countryCode: ' us ',
      }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      organization: 'Analytical Engines',
      email: 'ada@example.net',
      phone: { dialingPrefix: '1', number: '415 555 2671' },
      street: '1 Main St',
      city: 'Austin',
      stateProvince: 'TX',
      postalCode: '73301',
      countryCode: 'US',
    });
    expect(normalizedContact({ ...ada, stateProvince: ' Kent ' }).stateProvince).toBe('Kent');
  });

  it('report every problem at once, each at its field', () =>
    expect(problemsOf({ firstName: '', email: 'x', countryCode: 'ZZ' })).toEqual([
      'firstName',
      'email',
      'countryCode',
    ]));
});
