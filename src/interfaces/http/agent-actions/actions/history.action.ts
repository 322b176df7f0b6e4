import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { AuditTrail } from '../../../../application/audit/audit-trail';
import { Principal } from '../../../../application/identity/authenticator';
import { EventStore } from '../../../../application/shared/event-store.port';
import { loadStream } from '../../../../application/shared/handle-command';
import { orderDecider, orderStream } from '../../../../domain/commerce/order';
import { NotFound } from '../../../../domain/shared/errors';
import { domainNameForms } from '../../../../domain/shared/idna';
import { PortfolioRow } from '../../../../projections/portfolio/portfolio.projection';
import { GetPortfolioDomains } from '../../../../projections/portfolio/portfolio.queries';
import { accountHistoryOf } from '../../shared/operation-history';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';

@JSONSchema({
  examples: [
    { subject: 'domain', id: 'sunrise.com' },
    { subject: 'order', id: 'ord-…' },
  ],
})
export class HistoryGetBody {
  @IsIn(['domain', 'order'])
  @JSONSchema({ description: "domain: one of the user's domains; order: one of the user's orders" })
  subject!: 'domain' | 'order';

  @IsString()
  @MinLength(1)
  @MaxLength(253)
  @JSONSchema({ description: 'The domain name, or the order id (svc_cart_checkout gives it)' })
  id!: string;
}

@Injectable()
export class HistoryGetAction implements AgentActionHandler<HistoryGetBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_history_get',
    title: 'Read the history of a domain or an order',
    description:
      "Our extension: everything that happened to one of the user's domains (registration, renewals, DNS and hosting changes, listing and sale, pushes) or orders (payment, each line's delivery, refunds) since it became the user's, oldest first: when, what changed, the event, who acted (the user's credential, or the service), and what it recorded, secrets left out. Use it to answer \"what happened to my domain?\"",
    body: HistoryGetBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'HistoryResponse',
  };

  constructor(
    private readonly trail: AuditTrail,
    private readonly queries: QueryBus,
    private readonly store: EventStore,
  ) {}

  async run(body: HistoryGetBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const id =
      body.subject === 'domain' ? await this.ownDomain(accountId, body.id) : await this.ownOrder(accountId, body.id);
    const { items, truncated } = await accountHistoryOf(this.trail, body.subject, id, accountId);
    return {
      subject: body.subject,
      id,
      events: items.map((item) => ({ ...item, at: item.at.toISOString() })),
      truncated,
    };
  }

  private async ownDomain(accountId: string, asked: string): Promise<string> {
    const name = domainNameForms(asked)?.name;
    const held: ReadonlyMap<string, PortfolioRow> = name
      ? await this.queries.execute(new GetPortfolioDomains(accountId, [name]))
      : new Map();
    if (!name || !held.has(name)) throw new NotFound('domain', asked);
    return name;
  }

  private async ownOrder(accountId: string, id: string): Promise<string> {
    const { state } = await loadStream(this.store, orderStream(id), orderDecider);
    if (state.status === 'NONE' || state.placed.accountId !== accountId) throw new NotFound('order', id);
    return id;
  }
}
