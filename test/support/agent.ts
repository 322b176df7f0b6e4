import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { TestApp } from './test-app';
import { Reply } from './web3-partner';

/** A user of surface A with an agent API key (all scopes unless narrower ones are given). */
export interface Agent {
  readonly accountId: string;
  /** Where the service mails the user. */
  readonly email: string;
  readonly key: string;
  /** `POST /mcp/v1/actions/<name>` with this agent's key (or another credential, or none). */
  action(name: string, body?: unknown, credential?: string | null): Promise<Reply>;
}

export const newAgent = async (subject: TestApp, scopes: string[] = []): Promise<Agent> => {
  const commands = subject.app.get(CommandBus);
  const email = `agent-${randomUUID()}@example.com`;
  const { accountId } = await commands.execute(
    new OpenAccount({ kind: 'user', name: 'Agent user', email, password: 'Agent-pass-1!' }),
  );
  const { secret: key } = await commands.execute(new IssueCredential(accountId, 'agent_key', scopes));
  const action = async (name: string, body: unknown = {}, credential: string | null = key): Promise<Reply> => {
    const response = await subject.app.inject({
      method: 'POST',
      url: `/mcp/v1/actions/${name}`,
      headers: { 'content-type': 'application/json', ...(credential ? { authorization: `Bearer ${credential}` } : {}) },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  return { accountId, email, key, action };
};
