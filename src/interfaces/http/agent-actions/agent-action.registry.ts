import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Principal } from '../../../application/identity/authenticator';
import { ActionDeclaration, AgentAction, AgentActionHandler } from './agent-action';
import { AgentRateLimit } from './agent-rate-limit';

export const AGENT_ACTIONS = Symbol('AGENT_ACTIONS');

/** The declared actions of surface A and their handlers: what the routes, the MCP tools and the document share. */
@Injectable()
export class AgentActionRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, AgentActionHandler<unknown>>();

  constructor(
    @Inject(AGENT_ACTIONS) private readonly actions: readonly AgentAction[],
    private readonly modules: ModuleRef,
    private readonly limits: AgentRateLimit,
  ) {}

  onModuleInit(): void {
    for (const action of this.actions)
      this.handlers.set(action.declaration.name, this.modules.get(action, { strict: false }));
  }

  declarations(): ActionDeclaration[] {
    return this.actions.map((action) => action.declaration);
  }

  declaration(name: string): ActionDeclaration | undefined {
    return this.actions.find((action) => action.declaration.name === name)?.declaration;
  }

  /** Runs an action on a body already checked against its class, for a caller at `ip`, within the rate limit. */
  async run(name: string, body: unknown, caller: Principal | undefined, ip: string): Promise<unknown> {
    const handler = this.handlers.get(name);
    const declaration = this.declaration(name);
    if (!handler || !declaration) throw new Error(`no action ${name}`);
    await this.limits.check(declaration, ip);
    return handler.run(body, caller);
  }
}
