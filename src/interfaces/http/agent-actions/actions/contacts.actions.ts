import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CreatedContact, CreateResellerContact } from '../../../../application/dns-domains/create-contact.command';
import { Principal } from '../../../../application/identity/authenticator';
import { ContactDetails } from '../../../../domain/dns-domains/contact-rules';
import { ContactRow } from '../../../../projections/contact-list/contact-list.projection';
import { ListContacts } from '../../../../projections/contact-list/contact-list.queries';
import { contactDetailsOf } from '../../partner-reseller/reseller-input';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { ContactDto } from '../../partner-reseller/contact.dto';
import { ContactsListBody } from './action-bodies.dto';

/** `a***@example.net`: enough to tell contacts apart, not enough to write to. */
const maskedEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
};

/** `+44 ******67`: the calling code and the last two digits. */
const maskedPhone = ({ dialingPrefix, number }: ContactDetails['phone']): string => {
  const digits = number.replace(/\D/g, '');
  return `+${dialingPrefix} ${'*'.repeat(Math.max(digits.length - 2, 0))}${digits.slice(-2)}`;
};

const contactView = ({ id, details, createdAt, disabledAt }: ContactRow) => ({
  id,
  firstName: details.firstName,
  lastName: details.lastName,
  email: maskedEmail(details.email),
  phone: maskedPhone(details.phone),
  city: details.city,
  stateProvince: details.stateProvince,
  countryCode: details.countryCode,
  // a string in the reference's contacts: empty for a person without one
  organization: details.organization ?? '',
  status: disabledAt === null ? 'active' : 'disabled',
  createdAt: new Date(createdAt).toISOString(),
});

@Injectable()
export class ContactsListAction implements AgentActionHandler<ContactsListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_contacts_list',
    title: 'List ICANN contacts',
    description:
      "The account's ICANN contacts (registrant details a registration needs), the latest first, with their email and phone masked. Pass a contact's id as `contactId` of svc_cart_checkout; disabled contacts are listed only with includeDisabled.",
    body: ContactsListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'ContactsListResponse',
  };

  constructor(private readonly queries: QueryBus) {}

  async run(body: ContactsListBody, caller: Principal | undefined) {
    const rows = await this.queries.execute(
      new ListContacts(callerOf(caller).accountId, body.includeDisabled ?? false),
    );
    return { contacts: rows.map(contactView), count: rows.length };
  }
}

@Injectable()
export class ContactCreateAction implements AgentActionHandler<ContactDto> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_contact_create',
    title: 'Create an ICANN contact',
    description:
      'Creates the registrant contact domains are registered to: names, email, phone (`dialingPrefix` with or without its plus), postal address with a state or province code where the country has them, two-letter country code. It is usable at once; a CONTACT_CREATE operation records it at the registry and a verification mail goes to its address.',
    // checked as surface D's contacts are: the same class, the same rules
    body: ContactDto,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, openWorld: true },
    answer: 'ContactCreateResponse',
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: ContactDto, caller: Principal | undefined) {
    const created: CreatedContact = await this.commands.execute(
      new CreateResellerContact(callerOf(caller).accountId, contactDetailsOf(body), false),
    );
    return {
      success: true,
      contact: { id: created.contactId, status: 'active', operationId: created.operation.id },
      message: `Contact ${created.contactId} is ready to use; a verification mail went to its address.`,
    };
  }
}
