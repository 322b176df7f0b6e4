import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AccountNames } from '../../../application/dns-domains/account-names';
import { GetResellerContact } from '../../../application/dns-domains/contact.queries';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { DomainChanges, DomainChangeType } from '../../../application/dns-domains/update-domain.command';
import { Principal } from '../../../application/identity/authenticator';
import { partnerType } from '../../../application/shared/partner-type';
import { ContactRole } from '../../../domain/dns-domains/domain-update-decision';
import { ExistingOperation } from '../../../domain/operations/operation';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { ForResellerKeys } from '../shared/auth/partner-profile-routing';
import { Documented } from '../shared/openapi/documented';
import { operationResult } from '../shared/operation-results';
import { NoQuery, PreviewQuery } from '../shared/request-params';
import { ContactsUpdateDto, DomainUpdateDto, FlagsUpdateDto } from './register.dto';
import { nameserversAskedOf, recordBatchAskedOf } from './dns-input';
import { contactRefOf, dnsNameOf, domainChangeOf, flagsAskedOf } from './reseller-input';
import { DnsNameParams } from './reseller-params.dto';
import { contactView } from './reseller-views';

const ROLES: readonly ContactRole[] = ['owner', 'admin', 'tech', 'billing'];

const contactsAsked = (body: ContactsUpdateDto | undefined, path: string): DomainChanges['contacts'] =>
  Object.fromEntries(
    ROLES.flatMap((role) => (body?.[role] ? [[role, contactRefOf(body[role], `${path}${role}`)]] : [])),
  );

/** Changes to one of the account's names: its flags, its contacts, or both in one operation. */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerDomainChangesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly names: AccountNames,
    private readonly settings: ResellerSettings,
  ) {}

  @Patch('domains/:name')
  @ForResellerKeys()
  @Documented({
    summary: "Change contacts, flags, nameservers and records of one of the account's names in one operation",
    answer: 'DomainOperationResult',
    refuses: ['NO_CHANGE', 'CONCURRENT_OPERATION', 'NOT_FOUND'],
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
    @Body() body: DomainUpdateDto,
  ) {
    const zone = dnsNameOf(params.name).name;
    const changes: DomainChanges = {
      flags: flagsAskedOf(body.flags),
      contacts: contactsAsked(body.contacts, 'contacts.'),
      ...(body.records ? { records: recordBatchAskedOf(body.records, zone) } : {}),
      ...(body.nameservers
        ? {
            nameservers: nameserversAskedOf(
              body.nameservers.items,
              body.nameservers.dnssec,
              body.nameservers.$revertToManaged === true,
            ),
          }
        : {}),
      ...(body.dnssec ? { dnssec: body.dnssec.enabled } : {}),
    };
    // records alone are a batch of record changes; anything more, an administrative update of the name
    const onlyRecords = !body.contacts && !body.flags && !body.nameservers && !body.dnssec;
    const op = await this.change(
      principal,
      params,
      onlyRecords ? 'DOMAIN_DNS_RECORD_BATCH' : 'DOMAIN_ADMIN_UPDATE',
      changes,
      query,
    );
    return operationResult(this.settings.namespace, 'DomainOperationResult', op);
  }

  @Patch('domains/:name/flags')
  @Documented({
    summary: 'Turn flags on or off in one operation (client statuses at the registry, the WHOIS proxy here)',
    answer: 'DomainFlagOperationResult',
    refuses: ['NO_CHANGE', 'CONCURRENT_OPERATION'],
  })
  async updateFlags(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
    @Body() body: FlagsUpdateDto,
  ) {
    const op = await this.change(
      principal,
      params,
      'DOMAIN_FLAGS_UPDATE',
      { flags: flagsAskedOf(body), contacts: {} },
      query,
    );
    return operationResult(this.settings.namespace, 'DomainFlagOperationResult', op);
  }

  @Get('domains/:name/dns/contacts')
  @Documented({ summary: "The contacts of one of the account's names, by role", answer: 'DomainContacts' })
  async contacts(@CurrentPrincipal() principal: Principal, @Param() params: DnsNameParams, @Query() _query: NoQuery) {
    const mine = await this.names.get(principal.accountId, dnsNameOf(params.name));
    const { registrant, admin, tech, billing } = mine.info.contacts!; // our names show their contacts
    const byRole: Record<ContactRole, string> = { owner: registrant, admin, tech, billing };
    const shown = await Promise.all(
      ROLES.map(async (role) => {
        const contact = await this.queries.execute(new GetResellerContact(principal.accountId, byRole[role]));
        return contact ? [[role, contactView(this.settings.namespace, contact)]] : [];
      }),
    );
    return { '@type': partnerType(this.settings.namespace, 'DomainContacts'), ...Object.fromEntries(shown.flat()) };
  }

  @Patch('domains/:name/dns/contacts')
  @Documented({
    summary: 'Assign contacts to roles (by id, or new ones created and mailed), in one operation',
    answer: 'DomainContactOperationResult',
    refuses: ['NO_CHANGE', 'CONCURRENT_OPERATION', 'NOT_FOUND'],
  })
  async updateContacts(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: PreviewQuery,
    @Body() body: ContactsUpdateDto,
  ) {
    const changes = { flags: {}, contacts: contactsAsked(body, '') };
    const op = await this.change(principal, params, 'DOMAIN_CONTACTS_UPDATE', changes, query);
    return operationResult(this.settings.namespace, 'DomainContactOperationResult', op);
  }

  private change(
    principal: Principal,
    params: DnsNameParams,
    type: DomainChangeType,
    changes: DomainChanges,
    query: PreviewQuery,
  ): Promise<ExistingOperation> {
    return this.commands.execute(domainChangeOf(principal.accountId, params.name, type, changes, query));
  }
}
