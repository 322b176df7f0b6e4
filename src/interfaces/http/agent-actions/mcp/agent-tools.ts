import { Injectable } from '@nestjs/common';
import { dtoSchemas } from '../../shared/openapi/dto-schemas';
import { JsonSchema } from '../../shared/openapi/json-schema';
import { agentActionsDocument } from '../agent-actions.openapi';
import { ActionDeclaration } from '../agent-action';
import { AgentActionRegistry } from '../agent-action.registry';

/** An action as an MCP tool (the `tools/list` entry of the Model Context Protocol, 2025-06-18 and later). */
export interface AgentTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly annotations: {
    readonly title: string;
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
}

/** A schema with every `$ref` replaced by what it names: a tool's input schema stands alone. */
const inlined = (schema: unknown, all: Readonly<Record<string, JsonSchema>>): unknown => {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, all));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref, ...rest } = schema as Record<string, unknown>;
  if (typeof $ref === 'string') return inlined(all[$ref.replace('#/components/schemas/', '')], all);
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlined(value, all)]));
};

/** The tools of the MCP endpoint, one per declared action, with the schema its route checks bodies against. */
@Injectable()
export class AgentTools {
  private tools: AgentTool[] | undefined;

  constructor(private readonly registry: AgentActionRegistry) {}

  /** Made on first use, once every class is declared; the actions do not change while the process runs. */
  all(): AgentTool[] {
    if (!this.tools) {
      const schemas = { ...agentActionsDocument.schemas({ dependencyTypes: [] }), ...dtoSchemas() };
      this.tools = this.registry.declarations().map((declaration) => this.toolOf(declaration, schemas));
    }
    return this.tools;
  }

  private toolOf(declaration: ActionDeclaration, schemas: Readonly<Record<string, JsonSchema>>): AgentTool {
    const { examples: _examples, ...input } = schemas[declaration.body.name] ?? {};
    const { effects } = declaration;
    return {
      name: declaration.name,
      title: declaration.title,
      description: declaration.description,
      inputSchema: { type: 'object', ...(inlined(input, schemas) as JsonSchema) },
      annotations: {
        title: declaration.title,
        readOnlyHint: effects.readOnly,
        destructiveHint: effects.destructive ?? false,
        idempotentHint: effects.idempotent ?? effects.readOnly,
        openWorldHint: effects.openWorld ?? false,
      },
    };
  }
}
