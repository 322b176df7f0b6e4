import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A contact object at the sandbox registry (RFC 5733), under the handle the registrar chose. Domains name
 * contacts by handle, and a registry refuses a handle it does not hold.
 */
export const registryContactStream = (handle: string): string => `registry-contact-${handle}`;

export type RegistryContactData = Readonly<{
  name: string;
  organization: string | null;
  email: string;
  voice: string;
  street: readonly string[];
  city: string;
  stateProvince: string | null;
  postalCode: string | null;
  countryCode: string;
}>;

type Of<Data> = MessageData<{ handle: string }, Data>;
export type RegistryContactCreated = DomainEvent<
  'RegistryContactCreated',
  Of<{ sponsor: string; contact: RegistryContactData }>
>;
export type CreateRegistryContact = DomainCommand<
  'CreateRegistryContact',
  Of<{ sponsor: string; contact: RegistryContactData }>
>;

export type RegistryContact = Readonly<{ status: 'NONE' }> | Readonly<{ status: 'CREATED'; sponsor: string }>;

const decide = (command: CreateRegistryContact, contact: RegistryContact): RegistryContactCreated[] =>
  // the handle is the registrar's own id: creating it again (a retry) is the same contact
  contact.status === 'CREATED' ? [] : [{ type: 'RegistryContactCreated', data: command.data }];

const evolve = (_contact: RegistryContact, event: RegistryContactCreated): RegistryContact => {
  switch (event.type) {
    case 'RegistryContactCreated':
      return { status: 'CREATED', sponsor: event.data.sponsor };
    default:
      return assertNever(event.type);
  }
};

export const registryContactDecider: Decider<CreateRegistryContact, RegistryContactCreated, RegistryContact> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
