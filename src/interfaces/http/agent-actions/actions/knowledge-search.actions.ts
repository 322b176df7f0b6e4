import { Injectable } from '@nestjs/common';
import { KnowledgeCorpus, KnowledgeIndex } from '../../../../application/knowledge/knowledge-index.port';
import { ActionDeclaration, AgentActionHandler } from '../agent-action';
import { KnowledgeSearchBody } from './action-bodies.dto';

/** Results of one open search: the best ten. */
const RESULTS = 10;

const searchDeclaration = (name: `svc_${string}`, title: string, description: string): ActionDeclaration => ({
  name,
  title,
  description,
  body: KnowledgeSearchBody,
  access: { open: true },
  effects: { readOnly: true, idempotent: true },
  answer: 'KnowledgeSearchResponse',
});

/** One of the three open searches: the same action over another corpus. */
const searchOf = async (index: KnowledgeIndex, corpus: KnowledgeCorpus, { query }: KnowledgeSearchBody) => {
  const results = await index.search(corpus, query, RESULTS);
  return { query, results, count: results.length };
};

@Injectable()
export class KnowledgeBaseSearchAction implements AgentActionHandler<KnowledgeSearchBody> {
  static readonly declaration = searchDeclaration(
    'svc_knowledge_base_search',
    'Search the help articles',
    'Help articles for people: buying, renewing, transfers, DNS, DNSSEC, hosting, the marketplace, offers, payments, web3 custody and account security. Ask in plain words (typos are forgiven); results come best first with a snippet and the link to the whole article. Needs no credential.',
  );

  constructor(private readonly index: KnowledgeIndex) {}

  run(body: KnowledgeSearchBody) {
    return searchOf(this.index, 'help', body);
  }
}

@Injectable()
export class DeveloperDocsSearchAction implements AgentActionHandler<KnowledgeSearchBody> {
  static readonly declaration = searchDeclaration(
    'svc_developer_docs_search',
    'Search the developer documentation',
    "The service's developer documentation (its docs/ pages and README, one result per section): the surfaces, configuration, operations, webhooks, DNS and hosting, chains. Needs no credential.",
  );

  constructor(private readonly index: KnowledgeIndex) {}

  run(body: KnowledgeSearchBody) {
    return searchOf(this.index, 'docs', body);
  }
}

@Injectable()
export class ApiSpecsSearchAction implements AgentActionHandler<KnowledgeSearchBody> {
  static readonly declaration = searchDeclaration(
    'svc_api_specs_search',
    'Search the action specifications',
    'The three documents that describe these actions: the OpenAPI document (/mcp/v1/openapi.json), the MCP tool manifest (/mcp/v1/tools.json) and the agent guide. Find which action does something and what it takes. Needs no credential.',
  );

  constructor(private readonly index: KnowledgeIndex) {}

  run(body: KnowledgeSearchBody) {
    return searchOf(this.index, 'specs', body);
  }
}
