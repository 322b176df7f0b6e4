import { ContactDetails, contactProblemsOf, e164Of, normalizedContact } from './contact-rules';

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

  it('report every problem at once, each at its field', () =>
    expect(problemsOf({ firstName: '', email: 'x', countryCode: 'ZZ' })).toEqual([
      'firstName',
      'email',
      'countryCode',
    ]));
});
