import { Injectable } from '@nestjs/common';
import { IdentitySettings } from '../../../../application/identity/identity-settings';
import { KnowledgeCorpus, KnowledgeIndex } from '../../../../application/knowledge/knowledge-index.port';
import { ActionDeclaration, AgentActionHandler } from '../agent-action';
import { KnowledgeSearchBody } from './action-bodies.dto';

/** Results of one open search: the best ten. */
const RESULTS = 10;

/**
 * One of the three open searches: the same action over another corpus. Each is a class of its own, as every action
 * is, made here from what tells them apart.
 */
const knowledgeSearch = (corpus: KnowledgeCorpus, name: `svc_${string}`, title: string, description: string) => {
  @Injectable()
  class KnowledgeSearchAction implements AgentActionHandler<KnowledgeSearchBody> {
    static readonly declaration: ActionDeclaration = {
      name,
      title,
      description,
      body: KnowledgeSearchBody,
      access: { open: true },
      effects: { readOnly: true, idempotent: true },
      answer: 'KnowledgeSearchResponse',
    };

    constructor(
      readonly index: KnowledgeIndex,
      readonly settings: IdentitySettings,
    ) {}

    async run({ query }: KnowledgeSearchBody) {
      const hits = await this.index.search(corpus, query, RESULTS);
      // stored as paths on the service: whole links under this process's own base URL
      const results = hits.map((hit) => ({ ...hit, url: `${this.settings.issuer}${hit.url}` }));
      return { query, results, count: results.length };
    }
  }
  Reflect.defineMetadata('design:paramtypes', [KnowledgeIndex, IdentitySettings], KnowledgeSearchAction);
  return KnowledgeSearchAction;
};

export const KnowledgeBaseSearchAction = knowledgeSearch(
  'help',
  'svc_knowledge_base_search',
  'Search the help articles',
  'Help articles for people: buying, renewing, transfers, DNS, DNSSEC, hosting, the marketplace, offers, payments, web3 custody and account security. Ask in plain words (typos are forgiven); results come best first with a snippet and the link to the whole article. Needs no credential.',
);

export const DeveloperDocsSearchAction = knowledgeSearch(
  'docs',
  'svc_developer_docs_search',
  'Search the developer documentation',
  "The service's developer documentation (its docs/ pages and README, one result per section): the surfaces, configuration, operations, webhooks, DNS and hosting, chains. Needs no credential.",
);

export const ApiSpecsSearchAction = knowledgeSearch(
  'specs',
  'svc_api_specs_search',
  'Search the action specifications',
  'The three documents that describe these actions: the OpenAPI document (/mcp/v1/openapi.json), the MCP tool manifest (/mcp/v1/tools.json) and the agent guide. Find which action does something and what it takes. Needs no credential.',
);
