import { CommandBus } from '@nestjs/cqrs';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { TestApp } from './test-app';

export interface Reply {
  readonly status: number;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Web3Partner {
  readonly accountId: string;
  readonly key: string;
  call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Reply>;
  /** Waits for the engine, then reads the operation as the partner sees it. */
  operation(id: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A web3 partner account with its access key, calling surface C through HTTP (`app.inject`). */
export const newWeb3Partner = async (subject: TestApp, name = 'Web3 partner'): Promise<Web3Partner> => {
  const commands = subject.app.get(CommandBus);
  const { accountId } = await commands.execute(new OpenAccount({ kind: 'partner', profile: 'web3', name }));
  const { secret: key } = await commands.execute(new IssueCredential(accountId, 'partner_key'));
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<Reply> => {
    const response = await subject.app.inject({
      method,
      url: `/partner/v3${path}`,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const operation = async (id: string) => {
    await subject.settled();
    return (await call('GET', `/operations/${id}`)).body;
  };
  return { accountId, key, call, operation };
};
