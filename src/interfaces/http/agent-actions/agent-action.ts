import { Type } from '@nestjs/common';
import { Principal } from '../../../application/identity/authenticator';
import { AgentScope } from '../../../domain/identity/scopes';

/** What an action does to the account, as MCP tool annotations say it (hints for an agent deciding to call it). */
export interface ActionEffects {
  /** Changes nothing anywhere. */
  readonly readOnly: boolean;
  /** May delete or replace something the user has (a destructive call deserves a confirmation). */
  readonly destructive?: boolean;
  /** Calling it twice with the same body does no more than calling it once. */
  readonly idempotent?: boolean;
  /** Reaches beyond the service (a registry, a card processor, a chain). */
  readonly openWorld?: boolean;
}

/**
 * One `svc_*` action of surface A, declared once: the route `POST /mcp/v1/actions/<name>`, its OpenAPI operation and
 * its MCP tool are all made from this declaration (`decisions.md` §1).
 */
export interface ActionDeclaration {
  readonly name: `svc_${string}`;
  /** A few words, for tool pickers. */
  readonly title: string;
  /** What it does and when an agent should call it. */
  readonly description: string;
  /** The class-validator class its body is checked against: every bound of the spec's Limits table is on it. */
  readonly body: Type;
  /** The scope a credential needs, or `open` for the three searches that need none. */
  readonly access: { readonly scope: AgentScope } | { readonly open: true };
  readonly effects: ActionEffects;
  /** The component schema of its answer in the actions' OpenAPI document. */
  readonly answer: string;
  /**
   * It pays or starts operations: it takes an `Idempotency-Key` header, and the same request sent again with it is
   * answered as the first was, without acting twice (docs/http.md).
   */
  readonly keyed?: true;
}

/** What runs an action: the body is checked before it is called, the caller is known for every scoped action. */
export interface AgentActionHandler<Body = never, Answer = unknown> {
  run(body: Body, caller: Principal | undefined): Promise<Answer>;
}

/** An action's handler class, carrying its declaration. */
export type AgentAction = Type<AgentActionHandler<never>> & { readonly declaration: ActionDeclaration };

/** The caller of a scoped action; the guard has authenticated it before the handler runs. */
export const callerOf = (caller: Principal | undefined): Principal => {
  if (!caller) throw new Error('a scoped action ran without an authenticated caller');
  return caller;
};
