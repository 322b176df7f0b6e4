import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../../application/identity/authenticator';
import { normalizedTag } from '../../../../domain/portfolio/domain-tags';
import { PortfolioCriteria } from '../../../../projections/portfolio/portfolio-index.port';
import { ListPortfolio } from '../../../../projections/portfolio/portfolio.queries';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { PortfolioListBody } from './action-bodies.dto';
import { portfolioDomainView } from './portfolio-views';

const criteriaOf = (body: PortfolioListBody): PortfolioCriteria => ({
  registryType: body.registryType ?? 'dns',
  searchTerm: body.searchTerm?.trim().toLowerCase() || undefined,
  status: body.status ?? 'all',
  expiringWithinDays: body.expiringWithinDays,
  expired: body.expired,
  minLength: body.minLength,
  maxLength: body.maxLength,
  autoRenewal: body.autoRenewal === undefined ? undefined : body.autoRenewal === 'true',
  tags: [...new Set((body.tagFilters ?? []).map(normalizedTag))],
  orderBy: body.orderBy ?? 'name',
  direction: body.orderDirection ?? 'asc',
});

@Injectable()
export class PortfolioListAction implements AgentActionHandler<PortfolioListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_portfolio_list',
    title: "List the user's domains",
    description:
      "The account's domains, DNS ones by default (registryType web3 for blockchain domains held by its wallets): filter by a term in the name, listing status, expiry (expiringWithinDays, expired), label length, auto-renewal and tags; order by name, length, purchase or expiry time, listing price, offers, leads or watchlist count. Page with offset and limit (at most 500); pagination.nextOffset is the next page's offset.",
    body: PortfolioListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'ListDomainsResponse',
  };

  constructor(private readonly queries: QueryBus) {}

  async run(body: PortfolioListBody, caller: Principal | undefined) {
    const offset = body.offset ?? 0;
    const limit = body.limit ?? 50;
    const { rows, total, now } = await this.queries.execute(
      new ListPortfolio(callerOf(caller).accountId, criteriaOf(body), offset, limit),
    );
    const next = offset + rows.length;
    return {
      domains: rows.map((row) => portfolioDomainView(row, now)),
      pagination: {
        total,
        count: rows.length,
        offset,
        limit,
        hasMore: next < total,
        nextOffset: next < total ? next : null,
      },
    };
  }
}
