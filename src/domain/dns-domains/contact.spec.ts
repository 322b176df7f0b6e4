import { deciderSpec } from '../../../test/support/decider-spec';
import { IllegalTransition, Refused } from '../shared/errors';
import { fold } from '../shared/decider';
import {
  CONTACT_EVENT_TYPES,
  CONTACT_VERIFICATION_TTL_MS,
  ContactCreated,
  contactDecider,
  registryContactOf,
} from './contact';
import { ContactDetails } from './contact-rules';

const at = 1_700_000_000_000;
const details: ContactDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: 'Analytical Engines Ltd',
  email: 'ada@example.net',
  phone: { dialingPrefix: '44', number: '20 7123 4567' },
  street: '1 Analytical Row',
  city: 'London',
  stateProvince: '',
  postalCode: 'N1 9GU',
  countryCode: 'GB',
};
const created: ContactCreated = {
  type: 'ContactCreated',
  data: {
    contactId: 'con_1',
    accountId: 'acc-1',
    details,
    verificationDigest: 'digest-1',
    sealedVerificationSecret: 'sealed',
    at,
  },
};
const verify = (verificationDigest: string, when = at + 1) =>
  ({ type: 'VerifyContact', data: { contactId: 'con_1', verificationDigest, at: when } }) as const;

// Equivalent mutants:
// - contact.ts evolve: the `contact.status === 'CREATED' ?` guards of ContactVerified and ContactDisabled → `true`: a
//   contact's stream starts with ContactCreated, and the decider verifies and disables only a contact that exists.
// - contact.ts VerifyContact: `contact.status !== 'CREATED'` → `false`: a contact that does not exist has no digest, so
//   the link is refused as not valid all the same.
// - contact.ts registryContactOf: `e164Of(details.phone) ?? ''` → `?? "Stryker was here!"`: it is given the details of
//   a created contact, whose number CreateContact made sure e164Of reads.

describe('contact decider', () => {
  const given = deciderSpec(contactDecider);

  it('creates a contact whose address is to be verified', () =>
    given().when({ type: 'CreateContact', data: created.data }).thenState({
      status: 'CREATED',
      id: 'con_1',
      accountId: 'acc-1',
      verification: 'REQUESTED',
      verificationAt: at,
    }));

  it('creates each contact once', () =>
    given(created)
      .when({ type: 'CreateContact', data: created.data })
      .thenThrows(IllegalTransition, /exists already/));

  it('refuses incomplete details, naming every problem', () =>
    given()
      .when({
        type: 'CreateContact',
        data: { ...created.data, details: { ...details, email: 'x', countryCode: 'ZZ' } },
      })
      .thenThrows(Refused, {
        code: 'VALIDATION',
        message: /^the contact is not complete$/,
        context: {
          problems: [
            { path: 'email', message: expect.any(String) },
            { path: 'countryCode', message: expect.any(String) },
          ],
        },
      }));

  it('verifies the address with the secret of its link, and once only', () => {
    given(created)
      .when(verify('digest-1'))
      .then({ type: 'ContactVerified', data: { contactId: 'con_1', at: at + 1 } });
    given(created, { type: 'ContactVerified', data: { contactId: 'con_1', at: at + 1 } })
      .when(verify('digest-1', at + 2))
      .thenNothing();
    given(created, { type: 'ContactVerified', data: { contactId: 'con_1', at: at + 1 } }).thenState({
      verification: 'VERIFIED',
      verificationAt: at + 1,
    });
  });

  it('answers a wrong link and a missing contact alike', () => {
    given(created)
      .when(verify('digest-2'))
      .thenThrows(Refused, { code: 'NOT_FOUND', message: /not valid/ });
    given()
      .when(verify('digest-1'))
      .thenThrows(Refused, { code: 'NOT_FOUND', message: /not valid/ });
  });

  it('takes the link until it expires, and not after', () => {
    given(created)
      .when(verify('digest-1', at + CONTACT_VERIFICATION_TTL_MS))
      .then({ type: 'ContactVerified', data: { contactId: 'con_1', at: at + CONTACT_VERIFICATION_TTL_MS } });
    given(created)
      .when(verify('digest-1', at + CONTACT_VERIFICATION_TTL_MS + 1))
      .thenThrows(Refused, { code: 'VALIDATION', message: /expired/ });
  });

  const disable = { type: 'DisableContact', data: { contactId: 'con_1', reason: 'fraud report', at: at + 5 } } as const;
  const disabled = { type: 'ContactDisabled', data: disable.data } as const;

  it('disables a contact: it stays, marked disabled', () => {
    given(created).when(disable).then(disabled);
    given(created, disabled).thenState({ status: 'CREATED', disabledAt: at + 5 });
  });

  it('disables only a contact that exists', () =>
    given()
      .when(disable)
      .thenThrows(Refused, { code: 'NOT_FOUND', message: /^no contact con_1$/ }));

  it('says nothing new when the contact is disabled already', () =>
    given(created, disabled).when(disable).thenNothing());

  it('fails loudly on a command or an event of a newer version', () => {
    given(created)
      .when({ type: 'RenameContact', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(contactDecider, [created, { type: 'ContactRenamed', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });

  it('tells its subscribers about every event it records', () => {
    const recorded = new Set(
      [
        ...contactDecider.decide({ type: 'CreateContact', data: created.data }, fold(contactDecider, [])),
        ...contactDecider.decide(verify('digest-1'), fold(contactDecider, [created])),
        ...contactDecider.decide(disable, fold(contactDecider, [created])),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(CONTACT_EVENT_TYPES.length);
    expect(new Set(CONTACT_EVENT_TYPES)).toEqual(recorded);
  });
});

describe('the registry contact of a contact', () => {
  it('has one name, the voice number as +CC.NUMBER, and no empty state or postal code', () =>
    expect(registryContactOf(details)).toEqual({
      name: 'Ada Lovelace',
      organization: 'Analytical Engines Ltd',
      email: 'ada@example.net',
      voice: '+44.2071234567',
      street: ['1 Analytical Row'],
      city: 'London',
      stateProvince: null,
      postalCode: 'N1 9GU',
      countryCode: 'GB',
    }));
  it('keeps a state and drops no postal code that is there', () =>
    expect(registryContactOf({ ...details, stateProvince: 'TX', postalCode: '' })).toMatchObject({
      stateProvince: 'TX',
      postalCode: null,
    }));
});
