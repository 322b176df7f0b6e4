import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  HttpException,
  NotAcceptableException,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticator, Principal } from '../../../../application/identity/authenticator';
import { IdentitySettings } from '../../../../application/identity/identity-settings';
import { Unauthorized } from '../../../../domain/shared/errors';
import { Access } from '../../shared/auth/access';
import { bearerOf } from '../../shared/auth/credential.guard';
import { NoQuery } from '../../shared/request-params';
import { admitCredential } from '../../shared/auth/credential-admission';
import { CredentialRateLimits } from '../../../../application/identity/credential-rate-limits';
import { RequestValidationError } from '../../shared/problem';
import { AgentActionRegistry } from '../agent-action.registry';
import { AgentTool, AgentTools } from './agent-tools';
import { McpMessage } from './mcp-message.dto';
import { mcpServerFor } from './mcp-server';

const transportRefusalOf = (text: string): string => {
  try {
    return String((JSON.parse(text) as { error?: { message?: unknown } }).error?.message ?? 'not a JSON-RPC message');
  } catch {
    return 'not a JSON-RPC message';
  }
};

/** The scope a message needs: a call of a scoped tool needs the tool's; anything else needs none. */
const scopeOf = (registry: AgentActionRegistry, message: McpMessage): string | undefined => {
  if (message.method !== 'tools/call') return undefined;
  const declaration = registry.declaration(String(message.params?.name));
  return declaration && 'scope' in declaration.access ? declaration.access.scope : undefined;
};

/**
 * The Model Context Protocol endpoint of surface A (Streamable HTTP, stateless, JSON answers): every action is a
 * tool with the same schema and the same credentials as its route (`decisions.md` §1).
 */
@Controller('mcp/v1')
@Access({ surface: 'agent', open: true })
export class McpEndpointController {
  constructor(
    private readonly registry: AgentActionRegistry,
    private readonly tools: AgentTools,
    private readonly authenticator: Authenticator,
    private readonly settings: IdentitySettings,
    private readonly limits: CredentialRateLimits,
  ) {}

  @Post()
  @HttpCode(200)
  async message(
    @Body() message: McpMessage,
    @Query() _query: NoQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const protocolVersion = this.protocolVersionOf(request);
    const caller = await this.callerOf(request, reply, scopeOf(this.registry, message));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    // as sent: the checked instance carries its class's undeclared fields, which JSON-RPC's schema refuses
    const sent = request.body;
    const server = mcpServerFor(this.registry, this.tools, caller, request.ip);
    try {
      await server.connect(transport);
      const answer = await transport.handleRequest(
        new Request(`${this.settings.issuer}/mcp/v1`, {
          method: 'POST',
          headers: {
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            ...(protocolVersion ? { 'mcp-protocol-version': protocolVersion } : {}),
          },
          body: JSON.stringify(sent),
        }),
        { parsedBody: sent },
      );
      const text = await answer.text();
      // a message the transport refuses (no valid JSON-RPC after all) is answered in the surface's format
      if (answer.status >= 400) throw new HttpException(transportRefusalOf(text), answer.status);
      void reply.status(answer.status);
      if (text === '') return undefined;
      void reply.type('application/json; charset=utf-8');
      return JSON.parse(text) as unknown;
    } finally {
      await server.close();
    }
  }

  @Get('tools.json')
  toolManifest(@Query() _query: NoQuery): { tools: AgentTool[] } {
    return { tools: this.tools.all() };
  }

  /** What the transport would refuse in JSON-RPC's format is refused here in the surface's own. */
  private protocolVersionOf(request: FastifyRequest): string | undefined {
    const accept = request.headers.accept ?? '*/*';
    if (!/application\/json|\*\/\*|application\/\*/.test(accept))
      throw new NotAcceptableException('the MCP endpoint answers application/json: accept it');
    const version = request.headers['mcp-protocol-version'];
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version)))
      throw new RequestValidationError([
        { path: 'mcp-protocol-version', message: `must be one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}` },
      ]);
    return version === undefined ? undefined : String(version);
  }

  /**
   * The caller of a message that needs a scope, as the routes' guard decides it: none is the routes' 401, one without
   * the scope their 403. Both point at the protected resource metadata (RFC 9728) MCP clients authorize from, and a
   * 403 names the scope to ask for. Messages that need no scope (the open searches, listing tools) ignore any
   * credential, as the open routes do.
   */
  private async callerOf(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: string | undefined,
  ): Promise<Principal | undefined> {
    if (!scope) return undefined;
    const metadata = `resource_metadata="${this.settings.issuer}/.well-known/oauth-protected-resource/mcp/v1"`;
    const bearer = bearerOf(request);
    const caller = bearer ? await this.authenticator.agent(bearer) : undefined;
    if (!caller) {
      void reply.header('www-authenticate', `Bearer ${bearer ? 'error="invalid_token", ' : ''}${metadata}`);
      throw bearer ? new Unauthorized('The credential is not valid') : new Unauthorized();
    }
    if (!caller.scopes.includes(scope)) {
      void reply.header('www-authenticate', `Bearer error="insufficient_scope", scope="${scope}", ${metadata}`);
      throw new ForbiddenException(`The credential lacks the scope ${scope}`);
    }
    await admitCredential(this.limits, caller, reply);
    return caller;
  }
}
