import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../../application/identity/authenticator';
import { PushDomains, PushOutcome } from '../../../../application/portfolio/push-domains.command';
import { domainNameForms } from '../../../../domain/shared/idna';
import { PortfolioRow } from '../../../../projections/portfolio/portfolio.projection';
import { GetPortfolioDomains } from '../../../../projections/portfolio/portfolio.queries';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { DomainPushBody } from './push-bodies.dto';

@Injectable()
export class DomainPushAction implements AgentActionHandler<DomainPushBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_push',
    title: "Move domains to another user's account",
    description:
      "Moves up to 50 of the user's DNS domains to another user's account (targetAccountId: its account id, or the email address it signed up with), confirmed by a 6-digit code mailed to the user. Call it first without otpCode: a code for exactly these domains and that account is mailed (valid 10 minutes, 5 tries) and nothing moves yet; ask the user for it and call again with the same domains, targetAccountId and the code as otpCode. The names keep their registration, contacts and DNS; the other account sees them in its portfolio at once. A name that cannot move is in failedDomains with why (not_owned, not_dns, expired, pending_push: an operation is running on it, ineligible: listed, being bought or leased).",
    body: DomainPushBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
    answer: 'PushDomainsResponse',
    keyed: true,
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async run(body: DomainPushBody, caller: Principal | undefined): Promise<PushOutcome> {
    const { accountId } = callerOf(caller);
    const forms = body.domains.map((asked) => ({ asked, form: domainNameForms(asked) }));
    const names = forms.flatMap(({ form }) => (form ? [form.name] : []));
    const held: ReadonlyMap<string, PortfolioRow> = await this.queries.execute(
      new GetPortfolioDomains(accountId, names),
    );
    const web3Held = [...held].filter(([, row]) => row.registryType === 'web3').map(([name]) => name);
    const outcome: PushOutcome = await this.commands.execute(
      new PushDomains(accountId, names, body.targetAccountId, body.otpCode, web3Held),
    );
    const malformed = forms
      .filter(({ form }) => !form)
      .map(({ asked }) => ({ domain: asked, reason: 'not_owned' as const, message: `${asked} is not a domain name` }));
    return { ...outcome, failedDomains: [...malformed, ...outcome.failedDomains] };
  }
}
