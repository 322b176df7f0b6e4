import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ADA_CONTACT } from '../support/contacts';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';
import { newReseller, Partner, Reply } from '../support/web3-partner';

const owner = { type: 'SELF', contact: { ...ADA_CONTACT, phone: { dialingPrefix: '44', number: '2071234567' } } };
const fresh = () => `idem${randomBytes(5).toString('hex')}.com`;

/**
 * `Idempotency-Key` on surface D's paid requests (surface C's take it the same way, through the same interceptor):
 * a request sent again under its key is answered as the first was, without a second operation or charge, also by
 * another process and after a restart, and after a crash that cut the first answer off.
 */
describe('idempotency keys (surface D)', () => {
  let databaseUrl: string;
  let subject: TestApp;
  let reseller: Partner;

  const send = async (
    partner: Partner,
    key: string,
    path: string,
    body: unknown,
  ): Promise<Reply & { replayed: boolean }> => {
    const response = await subject.app.inject({
      method: 'POST',
      url: `/partner/v3${path}`,
      headers: { authorization: `Bearer ${partner.key}`, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify(body),
    });
    return {
      status: response.statusCode,
      body: response.json(),
      replayed: response.headers['idempotent-replayed'] === 'true',
    };
  };
  const balance = async (partner: Partner): Promise<number> =>
    (await partner.call('GET', '/account/billing')).body.balanceUsdCents;
  const operationsOn = async (partner: Partner, name: string): Promise<string[]> =>
    (await partner.call('GET', '/operations')).body.items
      .filter((item: { domain?: string }) => item.domain === name)
      .map((item: { id: string }) => item.id);

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    subject = await createTestApp({ databaseUrl });
    reseller = await newReseller(subject);
  });
  afterAll(() => subject?.close());

  it('answers a registration sent again under its key as the first time, charging once', async () => {
    const name = fresh();
    const key = randomUUID();
    const before = await balance(reseller);
    const first = await send(reseller, key, '/domains', { name, owner });
    expect([first.status, first.replayed]).toEqual([201, false]);
    const again = await send(reseller, key, '/domains', { owner, name }); // the same body, its keys in another order
    expect([again.status, again.replayed]).toEqual([201, true]);
    expect(again.body).toEqual(first.body);
    await subject.settled();
    expect(await operationsOn(reseller, name)).toEqual([first.body.operation.id]);
    expect((await balance(reseller)) - before).toBe(first.body.operation.billing[0].amount.usdCents);
  });

  it('refuses the key with another request, and while its first request is answered', async () => {
    const key = randomUUID();
    const name = fresh();
    const racing = await Promise.all(Array.from({ length: 6 }, () => send(reseller, key, '/domains', { name, owner })));
    const answered = racing.filter((reply) => reply.status === 201);
    const refused = racing.filter((reply) => reply.status === 409);
    expect(answered.length + refused.length).toBe(6);
    expect(new Set(answered.map((reply) => reply.body.operation.id)).size).toBe(1);
    expect(refused.map((reply) => reply.body.code)).toEqual(refused.map(() => 'IDEMPOTENCY_KEY_IN_USE'));
    await subject.settled();
    expect(await operationsOn(reseller, name)).toHaveLength(1);

    const other = await send(reseller, key, '/domains', { name: fresh(), owner });
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    const renewal = await send(reseller, key, `/domains/${name}/renewals`, { period: 1 });
    expect([renewal.status, renewal.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('scopes keys to the account: another account’s request under the same key is its own', async () => {
    const key = randomUUID();
    const mine = await send(reseller, key, '/domains', { name: fresh(), owner });
    const theirs = await send(await newReseller(subject, 'Other'), key, '/domains', { name: fresh(), owner });
    expect([mine.status, theirs.status, theirs.replayed]).toEqual([201, 201, false]);
    expect(theirs.body.operation.id).not.toBe(mine.body.operation.id);
  });

  it.each([
    ['an empty key', ''],
    ['a key of 256 characters', 'k'.repeat(256)],
    ['a key with a control character', 'a\tb'],
    ['a key that is not ASCII', 'clé'],
  ])('refuses %s with 400', async (_label, key) => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/partner/v3/domains',
      headers: { authorization: `Bearer ${reseller.key}`, 'content-type': 'application/json', 'idempotency-key': key },
      payload: JSON.stringify({ name: fresh(), owner }),
    });
    expect([response.statusCode, response.json().code]).toEqual([400, 'VALIDATION']);
  });

  it('takes a renewal’s key the same way, and a refused request gives its key up', async () => {
    const name = fresh();
    expect((await send(reseller, randomUUID(), '/domains', { name, owner })).status).toBe(201);
    await subject.settled();
    const key = randomUUID();
    const tooLong = await send(reseller, key, `/domains/${name}/renewals`, { period: 99 });
    expect(tooLong.status).toBe(400);
    const renewed = await send(reseller, key, `/domains/${name}/renewals`, { period: 99 });
    expect([renewed.status, renewed.replayed]).toEqual([400, false]); // decided again, not replayed
    const first = await send(reseller, randomUUID(), `/domains/${name}/renewals`, { period: 1 });
    expect(first.status).toBe(201);
  });

  it.each([
    ['reseller', 'post', '/domains'],
    ['reseller', 'post', '/domains/{name}/renewals'],
    ['web3-partner', 'post', '/domains'],
    ['web3-partner', 'delete', '/domains/{name}'],
    ['web3-partner', 'post', '/account/wallets'],
  ])('documents the header in /openapi/%s.json: %s %s', async (document, method, path) => {
    const paths = (await subject.app.inject({ method: 'GET', url: `/openapi/${document}.json` })).json().paths;
    const operation = paths[path][method];
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({
        name: 'Idempotency-Key',
        in: 'header',
        schema: expect.objectContaining({ maxLength: 255 }),
      }),
    );
    expect(JSON.stringify(operation.responses['409'])).toContain('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers from the operation a process started before it was killed, instead of starting a second', async () => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['-r', '@swc-node/register', join(__dirname, '../support/api-process.ts')],
      {
        cwd: join(__dirname, '../..'),
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const output: string[] = [];
    const printed = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const look = () => {
          const line = output
            .join('')
            .split('\n')
            .find((candidate) => candidate.startsWith(text));
          if (line) resolve(line);
        };
        child.stdout?.on('data', (chunk: Buffer) => (output.push(chunk.toString()), look()));
        child.on('exit', (code) => reject(new Error(`the api process exited (${code})`)));
        look();
      });
    const port = Number((await printed('ready')).split(' ')[1]);
    const key = randomUUID();
    const name = fresh();
    const before = await balance(reseller);
    // the request is cut off with its process: its answer never comes
    void fetch(`http://127.0.0.1:${port}/partner/v3/domains`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reseller.key}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ name, owner }),
    }).catch(() => undefined);
    try {
      await printed('acted');
    } finally {
      await new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGKILL')));
    }

    const again = await send(reseller, key, '/domains', { name, owner });
    expect([again.status, again.replayed]).toEqual([201, true]);
    await subject.settled();
    expect(await operationsOn(reseller, name)).toEqual([again.body.operation.id]);
    expect((await balance(reseller)) - before).toBe(again.body.operation.billing[0].amount.usdCents);
    const third = await send(reseller, key, '/domains', { name, owner });
    expect(third.body).toEqual(again.body);
  });
  it('answers the same after a restart of the service', async () => {
    const key = randomUUID();
    const body = { name: fresh(), owner };
    const first = await send(reseller, key, '/domains', body);
    await subject.settled();
    await subject.close();
    subject = await createTestApp({ databaseUrl }); // last: the partner's calls went to the app closed here
    const again = await send(reseller, key, '/domains', body);
    expect([again.status, again.replayed, again.body]).toEqual([201, true, first.body]);
  });
});
