import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { GetRenewalTerms, RenewDnsDomain } from '../../../application/dns-domains/renew-domain.command';
import { RegisterDnsDomain } from '../../../application/dns-domains/register-domain.command';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../application/identity/authenticator';
import { ExistingOperation } from '../../../domain/operations/operation';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { ForResellerKeys } from '../shared/auth/partner-profile-routing';
import { Idempotent } from '../shared/idempotent';
import { Documented } from '../shared/openapi/documented';
import { operationResult } from '../shared/operation-results';
import { RequestValidationError } from '../shared/problem';
import { NoQuery } from '../shared/request-params';
import { RegisterDomainDto, RenewalDto } from './register.dto';
import { DnsNameParams, ResellerCommitQuery } from './reseller-params.dto';
import { renewalInfoView } from './reseller-views';
import { registrationZoneOf } from './dns-input';
import { commitModeOf, dnsNameOf, expectedExpiryOf, flagsAskedOf, registrantOf } from './reseller-input';

/** Surface D's domains: registration (the rest of the life cycle joins it). */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerDomainsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly settings: ResellerSettings,
  ) {}

  @Post('domains')
  @Idempotent()
  @ForResellerKeys()
  @Documented({
    summary:
      'Register an available name for its registrant (a contact by id, or a new one), or transfer one in with ' +
      '`dns.authorizationCode`, charged to the running balance; `$preview=true` quotes it',
    answer: 'DomainOperationResult',
    refuses: [
      'NOT_AVAILABLE',
      'INSUFFICIENT_BALANCE',
      'CONCURRENT_OPERATION',
      'NOT_FOUND',
      'QUOTE_INVALID',
      'QUOTE_MISMATCH',
      'QUOTE_EXPIRED',
      'QUOTE_USED',
    ],
  })
  async register(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ResellerCommitQuery,
    @Body() body: RegisterDomainDto,
  ) {
    const preview = commitModeOf(query);
    const name = dnsNameOf(body.name);
    if (!this.settings.sells(name.tld)) {
      throw new RequestValidationError([
        { path: 'name', message: `.${name.tld} is not a TLD the service sells (GET /tlds lists them)` },
      ]);
    }
    const owner = registrantOf(body.owner);
    const contacts = Object.fromEntries(
      Object.entries(body.dns?.contacts ?? {}).flatMap(([role, ref]) =>
        ref ? [[role, (ref as { id: string }).id]] : [],
      ),
    );
    const op: ExistingOperation = await this.commands.execute(
      new RegisterDnsDomain(
        principal.accountId,
        name,
        owner,
        {
          years: body.dns?.period,
          contacts,
          authorizationCode: body.dns?.authorizationCode,
          flags: flagsAskedOf(body.flags),
          zone: registrationZoneOf(body.dns, name.name),
        },
        preview,
        query.$quote,
      ),
    );
    return operationResult(this.settings.namespace, 'DomainOperationResult', op);
  }

  @Get('domains/:name/renewals')
  @Documented({
    summary: "Whether one of the account's names renews now, until when it is in its term and grace, and the price",
    answer: 'DomainRenewalInfo',
  })
  async renewalTerms(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() _query: NoQuery,
  ) {
    const quote = await this.queries.execute(new GetRenewalTerms(principal.accountId, dnsNameOf(params.name)));
    return renewalInfoView(this.settings.namespace, quote);
  }

  @Post('domains/:name/renewals')
  @Idempotent()
  @Documented({
    summary:
      "Renew one of the account's names from its current expiry (restored first in redemption), charged to the " +
      "running balance; `$preview=true` quotes it, `$quote` commits at a preview's price",
    answer: 'DomainOperationResult',
    refuses: [
      'NOT_AVAILABLE',
      'INSUFFICIENT_BALANCE',
      'CONCURRENT_OPERATION',
      'EXPIRATION_DATE_MISMATCH',
      'QUOTE_INVALID',
      'QUOTE_MISMATCH',
      'QUOTE_EXPIRED',
      'QUOTE_USED',
    ],
  })
  async renew(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DnsNameParams,
    @Query() query: ResellerCommitQuery,
    @Body() body: RenewalDto,
  ) {
    const preview = commitModeOf(query);
    const name = dnsNameOf(params.name);
    const op: ExistingOperation = await this.commands.execute(
      new RenewDnsDomain(
        principal.accountId,
        name,
        body.period,
        expectedExpiryOf(body.expirationDate),
        preview,
        query.$quote,
      ),
    );
    return operationResult(this.settings.namespace, 'DomainOperationResult', op);
  }
}
