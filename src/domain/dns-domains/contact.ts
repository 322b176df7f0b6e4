import { RegistryContactData } from '../registry/registry-contact';
import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { ContactDetails, contactProblemsOf, e164Of } from './contact-rules';

/**
 * A reseller's contact (`decisions.md` §4): the person or organization a domain names as registrant, admin, tech or
 * billing contact. Usable as soon as it is created; its email address is verified through a link sent to it.
 */
export const contactStream = (contactId: string): string => `reseller-contact-${contactId}`;

/** How long the link of a verification email works. */
export const CONTACT_VERIFICATION_TTL_MS = 14 * 86_400_000;

type Of<Data> = MessageData<{ contactId: string }, Data>;
export type ContactCreated = DomainEvent<
  'ContactCreated',
  Of<{
    accountId: string;
    details: ContactDetails;
    /** SHA-256 of the verification link's secret; the secret itself travels sealed, for the mail only. */
    verificationDigest: string;
    sealedVerificationSecret: string;
  }>
>;
export type ContactVerified = DomainEvent<'ContactVerified', Of<unknown>>;
/** The operator took the contact out of use (the reference's `admin_disabled`): listed as disabled, named by no new
 * domain. */
export type ContactDisabled = DomainEvent<'ContactDisabled', Of<{ reason: string }>>;
export type ContactEvent = ContactCreated | ContactVerified | ContactDisabled;
export const CONTACT_EVENT_TYPES: readonly ContactEvent['type'][] = [
  'ContactCreated',
  'ContactVerified',
  'ContactDisabled',
];

export type CreateContact = DomainCommand<'CreateContact', ContactCreated['data']>;
export type VerifyContact = DomainCommand<'VerifyContact', Of<{ verificationDigest: string }>>;
export type DisableContact = DomainCommand<'DisableContact', ContactDisabled['data']>;
export type ContactCommand = CreateContact | VerifyContact | DisableContact;

export type VerificationStatus = 'REQUESTED' | 'VERIFIED';

export type Contact =
  | Readonly<{ status: 'NONE' }>
  | Readonly<{
      status: 'CREATED';
      id: string;
      accountId: string;
      details: ContactDetails;
      verification: VerificationStatus;
      /** When the email address was verified; when it was created while it is not. */
      verificationAt: number;
      verificationDigest: string;
      createdAt: number;
      /** When the operator disabled it; null while it is in use. */
      disabledAt: number | null;
    }>;

const evolve = (contact: Contact, event: ContactEvent): Contact => {
  switch (event.type) {
    case 'ContactCreated':
      return {
        status: 'CREATED',
        id: event.data.contactId,
        accountId: event.data.accountId,
        details: event.data.details,
        verification: 'REQUESTED',
        verificationAt: event.data.at,
        verificationDigest: event.data.verificationDigest,
        createdAt: event.data.at,
        disabledAt: null,
      };
    case 'ContactVerified':
      return contact.status === 'CREATED'
        ? { ...contact, verification: 'VERIFIED', verificationAt: event.data.at }
        : contact;
    case 'ContactDisabled':
      return contact.status === 'CREATED' ? { ...contact, disabledAt: event.data.at } : contact;
    default:
      return assertNever(event);
  }
};

const decide = (command: ContactCommand, contact: Contact): ContactEvent[] => {
  switch (command.type) {
    case 'CreateContact': {
      if (contact.status !== 'NONE') throw new IllegalTransition(`contact ${command.data.contactId} exists already`);
      const problems = contactProblemsOf(command.data.details);
      if (problems.length > 0) throw new Refused('VALIDATION', 'the contact is not complete', { problems });
      return [{ type: 'ContactCreated', data: command.data }];
    }
    case 'VerifyContact': {
      const { contactId, verificationDigest, at } = command.data;
      // one answer for a wrong link and a contact that does not exist: a link tells nothing it does not hold
      if (contact.status !== 'CREATED' || contact.verificationDigest !== verificationDigest) {
        throw new Refused('NOT_FOUND', 'this verification link is not valid');
      }
      if (contact.verification === 'VERIFIED') return [];
      if (at > contact.createdAt + CONTACT_VERIFICATION_TTL_MS) {
        throw new Refused('VALIDATION', 'this verification link has expired');
      }
      return [{ type: 'ContactVerified', data: { contactId, at } }];
    }
    case 'DisableContact': {
      if (contact.status !== 'CREATED') throw new Refused('NOT_FOUND', `no contact ${command.data.contactId}`);
      if (contact.disabledAt !== null) return []; // disabled already: nothing new to say
      return [{ type: 'ContactDisabled', data: command.data }];
    }
    default:
      return assertNever(command);
  }
};

export const contactDecider: Decider<ContactCommand, ContactEvent, Contact> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};

/** The contact object a registry creates for it (RFC 5733): one name, the voice number as `+CC.NUMBER`. */
export const registryContactOf = (details: ContactDetails): RegistryContactData => {
  const e164 = e164Of(details.phone) ?? '';
  const prefix = details.phone.dialingPrefix;
  return {
    name: `${details.firstName} ${details.lastName}`,
    organization: details.organization,
    email: details.email,
    voice: `+${prefix}.${e164.slice(prefix.length + 1)}`,
    street: [details.street],
    city: details.city,
    stateProvince: details.stateProvince === '' ? null : details.stateProvince,
    postalCode: details.postalCode === '' ? null : details.postalCode,
    countryCode: details.countryCode,
  };
};
