import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ChangeDomainTags, TagsChanged } from '../../../../application/portfolio/change-domain-tags.command';
import { Principal } from '../../../../application/identity/authenticator';
import { normalizedTag } from '../../../../domain/portfolio/domain-tags';
import { DomainError } from '../../../../domain/shared/errors';
import { domainNameForms } from '../../../../domain/shared/idna';
import { PortfolioRow } from '../../../../projections/portfolio/portfolio.projection';
import { GetPortfolioDomains } from '../../../../projections/portfolio/portfolio.queries';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { DomainTagsBody } from './action-bodies.dto';

interface TagResult {
  readonly domain: string;
  readonly success: boolean;
  readonly tags?: readonly string[];
  readonly error?: string;
}

/** Tags each asked domain of the account's portfolio, one result per domain: one refused does not stop the rest. */
const changeTags = async (
  queries: QueryBus,
  commands: CommandBus,
  accountId: string,
  { domains, tags }: DomainTagsBody,
  change: 'add' | 'remove',
): Promise<TagResult[]> => {
  const forms = domains.map((asked) => domainNameForms(asked));
  const held: ReadonlyMap<string, PortfolioRow> = await queries.execute(
    new GetPortfolioDomains(
      accountId,
      forms.flatMap((form) => (form ? [form.name] : [])),
    ),
  );
  const results: TagResult[] = [];
  for (const [index, domain] of domains.entries()) {
    const row = forms[index] && held.get(forms[index].name);
    if (!row || !forms[index]) {
      results.push({ domain, success: false, error: `${domain} is not in this account's portfolio` });
      continue;
    }
    try {
      const changed: TagsChanged = await commands.execute(
        new ChangeDomainTags(accountId, row.registryType, forms[index].name, row.holding, change, tags),
      );
      results.push({ domain, success: true, tags: changed.tags });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ domain, success: false, error: error.message });
    }
  }
  return results;
};

/** The tags asked, as the domain stores them. */
const tagsOf = ({ tags }: DomainTagsBody): string[] => [...new Set(tags.map(normalizedTag))];

/** The reference's answer: one result per domain with the tags it got or lost, and the counts. */
const answerOf = (results: readonly TagResult[], body: DomainTagsBody, key: 'tagsApplied' | 'tagsRemoved') => ({
  results: results.map(({ domain, success, error }) => ({
    domain,
    success,
    ...(success ? { [key]: tagsOf(body) } : { error }),
  })),
  successCount: results.filter((result) => result.success).length,
  failureCount: results.filter((result) => !result.success).length,
});

@Injectable()
export class DomainTagsAddAction implements AgentActionHandler<DomainTagsBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_tags_add',
    title: 'Tag domains',
    description:
      "Puts tags (1 to 20 characters, compared lowercased) on up to 50 of the user's domains, to filter the portfolio by with svc_portfolio_list's tagFilters. A domain carries at most 50 tags.",
    body: DomainTagsBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, idempotent: true },
    answer: 'AddDomainTagsResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async run(body: DomainTagsBody, caller: Principal | undefined) {
    const results = await changeTags(this.queries, this.commands, callerOf(caller).accountId, body, 'add');
    return answerOf(results, body, 'tagsApplied');
  }
}

@Injectable()
export class DomainTagsRemoveAction implements AgentActionHandler<DomainTagsBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_tags_remove',
    title: 'Remove tags from domains',
    description: "Takes tags off up to 50 of the user's domains; tags a domain does not carry are ignored.",
    body: DomainTagsBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true },
    answer: 'RemoveDomainTagsResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async run(body: DomainTagsBody, caller: Principal | undefined) {
    const results = await changeTags(this.queries, this.commands, callerOf(caller).accountId, body, 'remove');
    return answerOf(results, body, 'tagsRemoved');
  }
}
