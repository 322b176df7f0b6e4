import { Logger } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { Principal } from '../../../../application/identity/authenticator';
import { toProblem } from '../../shared/problem';
import { renderProblem } from '../../shared/surfaces';
import { validateBody } from '../../shared/validation';
import { AgentActionRegistry } from '../agent-action.registry';
import { AgentTools } from './agent-tools';

/** Tools per `tools/list` page: every action fits on one today; a client that follows `nextCursor` gets the rest. */
export const TOOLS_PAGE = 100;

/** A page of the tools from the cursor a previous page gave (the offset, opaque to clients). */
export const toolsPageOf = <T>(all: readonly T[], cursor: string | undefined): { tools: T[]; nextCursor?: string } => {
  const offset = cursor === undefined ? 0 : Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > all.length || (cursor !== undefined && offset === 0)) {
    throw new McpError(ErrorCode.InvalidParams, 'this cursor was not given by tools/list');
  }
  const tools = all.slice(offset, offset + TOOLS_PAGE);
  const next = offset + tools.length;
  return next < all.length ? { tools, nextCursor: Buffer.from(String(next)).toString('base64url') } : { tools };
};

export const MCP_SERVER_INFO = { name: 'domain-engine', title: 'Domain engine agent actions', version: '1.0.0' };

const log = new Logger('McpServer');

/**
 * A failed call as MCP wants it: a result marked as an error, holding the body the action's route would answer. A
 * failure of ours is logged as the routes' error filter logs it, since the answer hides it.
 */
const failedCall = (name: string, error: unknown): CallToolResult => {
  const problem = toProblem(error);
  if (problem.status >= 500) log.error(`tool ${name} failed`, (error as Error)?.stack);
  const body = renderProblem('agent', problem, `/mcp/v1/actions/${name}`);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
};

/**
 * The MCP server of one HTTP request (the endpoint is stateless): its tools are the actions, checked against the
 * classes their routes use, run for the caller the endpoint authenticated. Whether the caller may call a tool at all
 * is decided before, at the HTTP level, so that a missing credential is the same 401 as on the routes.
 */
export const mcpServerFor = (
  registry: AgentActionRegistry,
  tools: AgentTools,
  caller: Principal | undefined,
  ip: string,
): Server => {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {} },
    instructions:
      'Tools act on the account of the credential. Start with svc_domains_search or svc_portfolio_list; svc_knowledge_base_search answers how things work.',
  });
  server.setRequestHandler(ListToolsRequestSchema, ({ params }) => toolsPageOf(tools.all(), params?.cursor));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }): Promise<CallToolResult> => {
    const declaration = registry.declaration(params.name);
    if (!declaration) throw new McpError(ErrorCode.InvalidParams, `no tool ${params.name}`);
    try {
      const body = await validateBody(declaration.body, params.arguments ?? {});
      const answer = (await registry.run(declaration.name, body, caller, ip)) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(answer) }], structuredContent: answer };
    } catch (error) {
      return failedCall(declaration.name, error);
    }
  });
  return server;
};
