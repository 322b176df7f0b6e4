import { Projection } from '../../application/shared/projection';
import { CONTACT_EVENT_TYPES, ContactEvent } from '../../domain/dns-domains/contact';
import { ContactDetails } from '../../domain/dns-domains/contact-rules';

/** One contact of an account, for its list (surface A's `svc_contacts_list`). */
export interface ContactRow {
  readonly id: string;
  readonly accountId: string;
  readonly details: ContactDetails;
  readonly verified: boolean;
  readonly createdAt: number;
  readonly disabledAt: number | null;
}

export const contactList: Projection<ContactRow, ContactEvent> = {
  name: 'contact-list',
  version: 1,
  handles: CONTACT_EVENT_TYPES,
  idOf: (event) => event.data.contactId,
  evolve: (row, { type, data }) => {
    switch (type) {
      case 'ContactCreated':
        return {
          id: data.contactId,
          accountId: data.accountId,
          details: data.details,
          verified: false,
          createdAt: data.at,
          disabledAt: null,
        };
      case 'ContactVerified':
        return row ? { ...row, verified: true } : null;
      case 'ContactDisabled':
        return row ? { ...row, disabledAt: data.at } : null;
    }
  },
};
