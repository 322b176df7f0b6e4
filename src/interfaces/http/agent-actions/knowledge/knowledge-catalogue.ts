import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { KnowledgeIndex, KnowledgeSources } from '../../../../application/knowledge/knowledge-index.port';
import { OpenApiDocuments } from '../../shared/openapi/openapi-documents';
import { agentActionsDocument } from '../agent-actions.openapi';
import { AgentTools } from '../mcp/agent-tools';
import { openApiDocuments, toolDocuments } from './spec-documents';

/** The agent guide's page among the documentation: the third specification document. */
const AGENT_GUIDE = 'agent-guide.md';

/**
 * Indexes the three corpora when the service starts: help articles and documentation from their files, the
 * specifications from the action registry itself (its OpenAPI document and MCP tools) and the agent guide. Unchanged
 * corpora are left as they are. Links are kept as paths on the service: answers make them whole with the base URL of
 * the process answering, so what a CLI command indexes never changes what a running service answers.
 */
@Injectable()
export class KnowledgeCatalogue implements OnApplicationBootstrap {
  constructor(
    private readonly index: KnowledgeIndex,
    private readonly sources: KnowledgeSources,
    private readonly documents: OpenApiDocuments,
    private readonly tools: AgentTools,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const [help, docs] = await Promise.all([this.sources.helpArticles(), this.sources.documentation()]);
    const guide = docs
      .filter((document) => document.slug.startsWith(`${AGENT_GUIDE}#`))
      // their titles already name the page ("Agent guide: Errors")
      .map((document) => ({ ...document, slug: `guide:${document.slug}` }));
    const specs = [
      ...openApiDocuments(this.documents.document(agentActionsDocument.name) ?? {}),
      ...toolDocuments(this.tools.all()),
      ...guide,
    ];
    await this.index.replace('help', help);
    await this.index.replace('docs', docs);
    await this.index.replace('specs', specs);
  }
}
