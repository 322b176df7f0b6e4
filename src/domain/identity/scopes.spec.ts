import { AGENT_SCOPES, isAgentScope } from './scopes';

describe('agent scopes', () => {
  it('knows the scopes of surface A and nothing else', () => {
    expect(AGENT_SCOPES.every(isAgentScope)).toBe(true);
    expect(['cart:delete', 'CART:READ', '', 'admin'].some(isAgentScope)).toBe(false);
  });
});
