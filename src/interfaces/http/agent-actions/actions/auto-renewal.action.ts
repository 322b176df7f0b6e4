import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AutoRenewalResult, UpdateAutoRenewal } from '../../../../application/commerce/auto-renewal.commands';
import { Principal } from '../../../../application/identity/authenticator';
import { parseAskedName, SecondLevelName } from '../../../../domain/shared/names';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { latestContactOf } from './buyer-contact';
import { AutoRenewalUpdateBody } from './cart-bodies.dto';

@Injectable()
export class AutoRenewalUpdateAction implements AgentActionHandler<AutoRenewalUpdateBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_auto_renewal_update',
    title: "Turn auto-renewal of the user's domains on or off",
    description:
      "Turns auto-renewal on (action enable) or off (disable) for up to 50 of the user's domains. When on, each is renewed for a year some days before it expires, paid from the account balance, then promo credits, then paymentMethodId (or the latest saved card); a renewal that cannot be paid is tried again and the user is mailed. One result per domain; svc_portfolio_list's autoRenewal filter shows which are on.",
    body: AutoRenewalUpdateBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, idempotent: true },
    answer: 'AutoRenewalUpdateResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async run(body: AutoRenewalUpdateBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const parsed = body.domains.map(({ name }) => ({ asked: name, name: parseAskedName(name) }));
    const names = parsed.flatMap(({ name }) => (name.ok ? [name as SecondLevelName] : []));
    const latest = await latestContactOf(this.queries, accountId);
    const changed: AutoRenewalResult[] =
      names.length === 0
        ? []
        : await this.commands.execute(
            new UpdateAutoRenewal(accountId, body.action, names, body.paymentMethodId, latest),
          );
    const results = parsed.map(({ asked, name }) =>
      name.ok
        ? changed.find((result) => result.domain === name.name)!
        : { domain: asked, success: false, error: `${asked} is not a domain name: ${name.reason}` },
    );
    return {
      results,
      successCount: results.filter((result) => result.success).length,
      failureCount: results.filter((result) => !result.success).length,
    };
  }
}
