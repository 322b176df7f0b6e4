/** The scopes of surface A (`decisions.md` §1); an API key holds all of them unless created narrower. */
export const AGENT_SCOPES = [
  'domains:search',
  'portfolio:read',
  'portfolio:write',
  'cart:read',
  'cart:write',
  'checkout',
] as const;

export type AgentScope = (typeof AGENT_SCOPES)[number];

export const isAgentScope = (value: string): value is AgentScope => (AGENT_SCOPES as readonly string[]).includes(value);
