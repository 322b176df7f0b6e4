import { KnowledgeDocument } from '../../../../domain/knowledge/knowledge-text';
import { JsonSchema } from '../../shared/openapi/json-schema';
import { AgentTool } from '../mcp/agent-tools';

type Operation = { summary?: string; description?: string; requestBody?: unknown };

/** The properties of a schema as `name: description` lines, the words an agent looks an input up by. */
const propertiesText = (schema: JsonSchema | undefined): string =>
  Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>)
    .map(([name, property]) => `${name}${property?.description ? `: ${String(property.description)}` : ''}`)
    .join('. ');

/** The actions' OpenAPI document, one document per action. */
export const openApiDocuments = (document: Record<string, unknown>): KnowledgeDocument[] => {
  const paths = document.paths as Record<string, { post: Operation }>;
  const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;
  return Object.entries(paths).map(([path, { post }]) => {
    const name = path.slice(1);
    const bodyRef = JSON.stringify(post.requestBody ?? {}).match(/#\/components\/schemas\/(\w+)/)?.[1];
    return {
      slug: `openapi:${name}`,
      title: `OpenAPI: ${name} (${post.summary ?? ''})`,
      url: `/mcp/v1/openapi.json#/paths/~1${name}/post`,
      keywords: `${name.replace(/_/g, ' ')}, openapi, action, request body, POST /mcp/v1/actions/${name}`,
      body: `${post.description ?? ''} Body: ${propertiesText(bodyRef ? schemas[bodyRef] : undefined)}`,
    };
  });
};

/** The MCP tool manifest, one document per tool. */
export const toolDocuments = (tools: readonly AgentTool[]): KnowledgeDocument[] =>
  tools.map((tool) => ({
    slug: `mcp:${tool.name}`,
    title: `MCP tool: ${tool.name} (${tool.title})`,
    url: `/mcp/v1/tools.json#${tool.name}`,
    keywords: `${tool.name.replace(/_/g, ' ')}, mcp, tool, model context protocol${tool.annotations.readOnlyHint ? ', read-only' : ''}`,
    body: `${tool.description} Input: ${propertiesText(tool.inputSchema)}`,
  }));
