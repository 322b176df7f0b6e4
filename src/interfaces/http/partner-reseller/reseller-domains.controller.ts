import { Body, Controller, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RegisterDnsDomain } from '../../../application/dns-domains/register-domain.command';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../application/identity/authenticator';
import { ExistingOperation } from '../../../domain/operations/operation';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { ForResellerKeys } from '../shared/auth/partner-profile-routing';
import { Documented } from '../shared/openapi/documented';
import { operationResult } from '../shared/operation-results';
import { RequestValidationError } from '../shared/problem';
import { PreviewQuery } from '../shared/request-params';
import { RegisterDomainDto } from './register.dto';
import { dnsNameOf, registrantOf } from './reseller-input';

/** Surface D's domains: registration (the rest of the life cycle joins it). */
@Controller('partner/v3')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerDomainsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly settings: ResellerSettings,
  ) {}

  @Post('domains')
  @ForResellerKeys()
  @Documented({
    summary:
      'Register an available name for its registrant (a contact by id, or a new one), charged to the running balance; `$preview=true` quotes it',
    answer: 'DomainOperationResult',
    refuses: ['NOT_AVAILABLE', 'INSUFFICIENT_BALANCE', 'CONCURRENT_OPERATION', 'NOT_FOUND'],
  })
  async register(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PreviewQuery,
    @Body() body: RegisterDomainDto,
  ) {
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
      new RegisterDnsDomain(principal.accountId, name, body.dns?.period, owner, contacts, query.$preview === 'true'),
    );
    return operationResult(this.settings.namespace, 'DomainOperationResult', op);
  }
}
