import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CreatedContact, CreateResellerContact } from '../../../application/dns-domains/create-contact.command';
import { GetResellerContact } from '../../../application/dns-domains/contact.queries';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../application/identity/authenticator';
import { idPattern } from '../../../domain/shared/ids';
import { NotFound } from '../../../domain/shared/errors';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { NoQuery, PreviewQuery } from '../shared/request-params';
import { operationResult } from '../shared/operation-results';
import { ContactDto } from './contact.dto';
import { contactDetailsOf } from './reseller-input';
import { contactView } from './reseller-views';

export class ContactParams {
  @Matches(idPattern('contact'), { message: 'is not a contact id (con_<uuid>)' })
  @JSONSchema({ description: 'A contact id', examples: ['con_3b241101-e2bb-4255-8caf-4136c566a962'] })
  contactId!: string;
}

/** Surface D's contacts: created once, usable at once by every domain of the account, verified by mail. */
@Controller('partner/v3/contacts')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerContactsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly settings: ResellerSettings,
  ) {}

  @Post()
  @Documented({
    summary:
      'Create a contact: usable at once (its id is in the CONTACT_CREATE parameters), created at the registry, sent a verification mail',
    answer: 'ContactOperationResult',
  })
  async create(@CurrentPrincipal() principal: Principal, @Query() query: PreviewQuery, @Body() body: ContactDto) {
    const created: CreatedContact = await this.commands.execute(
      new CreateResellerContact(principal.accountId, contactDetailsOf(body), query.$preview === 'true'),
    );
    return operationResult(this.settings.namespace, 'ContactOperationResult', created.operation);
  }

  @Get(':contactId')
  @Documented({ summary: 'A contact of the account, with the state of its verification', answer: 'Contact' })
  async get(@CurrentPrincipal() principal: Principal, @Param() params: ContactParams, @Query() _query: NoQuery) {
    const contact = await this.queries.execute(new GetResellerContact(principal.accountId, params.contactId));
    if (!contact) throw new NotFound('contact', params.contactId);
    return contactView(this.settings.namespace, contact);
  }
}
