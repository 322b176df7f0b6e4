import { CommandBus } from '@nestjs/cqrs';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { TestApp } from './test-app';

export interface Reply {
  readonly status: number;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A partner of either profile, calling `/partner/v3` with its key. */
export interface Partner {
  readonly accountId: string;
  readonly key: string;
  call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Reply>;
  /** Waits for the engine, then reads the operation as the partner sees it. */
  operation(id: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A partner account of `profile` with its access key, calling `/partner/v3` through HTTP (`app.inject`). */
export const newPartner = async (subject: TestApp, profile: 'web3' | 'reseller', name: string): Promise<Partner> => {
  const commands = subject.app.get(CommandBus);
  const { accountId } = await commands.execute(new OpenAccount({ kind: 'partner', profile, name }));
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

export type Web3Partner = Partner;

/** A web3 partner calling surface C. */
export const newWeb3Partner = (subject: TestApp, name = 'Web3 partner'): Promise<Web3Partner> =>
  newPartner(subject, 'web3', name);

/** A custodial wallet made for the partner through `POST /account/wallets`, once its operation completed. */
export const custodialWalletOf = async (partner: Partner): Promise<string> =>
  (await partner.operation((await partner.call('POST', '/account/wallets', {})).body.operation.id)).dependencies[0]
    .result.address;

/** The states an operation ends in. */
export const FINISHED = ['COMPLETED', 'FAILED', 'CANCELLED'];

/**
 * Polls an operation as a client does, through HTTP alone (no `settled()`), until it is in one of `until`, and
 * answers it as then read: what a read-your-writes test checks is the read right after. It must be found from the
 * first poll on (its request's answer named it).
 */
export const pollOperation = async (
  partner: Partner,
  operationId: string,
  until: readonly string[] = FINISHED,
): Promise<Reply['body']> => {
  for (;;) {
    const read = await partner.call('GET', `/operations/${operationId}`);
    if (read.status !== 200) throw new Error(`GET /operations/${operationId} answered ${read.status}`);
    if (until.includes(read.body.status)) return read.body;
    // the client's poll interval: it is the client's own pace, not a wait for a condition the test could await
    await new Promise((resolve) => setTimeout(resolve, CLIENT_POLL_MS));
  }
};
const CLIENT_POLL_MS = 20;

/** A reseller calling surface D. */
export const newReseller = (subject: TestApp, name = 'Reseller'): Promise<Partner> =>
  newPartner(subject, 'reseller', name);
