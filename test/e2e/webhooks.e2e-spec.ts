import { createHmac } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { ChangeOperation } from '../../src/application/operations/change-operation.command';
import { presentOperation } from '../../src/application/operations/operation-view';
import { RequestOperation } from '../../src/application/operations/request-operation.command';
import { RegisterWebhook } from '../../src/application/webhooks/register-webhook.command';
import { WebhookSecret } from '../../src/application/webhooks/webhook-secret.command';
import { PartnerProfile } from '../../src/domain/identity/account';
import { ExistingOperation } from '../../src/domain/operations/operation';
import { OperationSurface } from '../../src/domain/operations/operation.events';
import { newId } from '../../src/domain/shared/ids';
import { readOperation } from '../support/operations';
import { createTestApp, TestApp, TestAppOptions } from '../support/test-app';
import { TestExecutorModule } from '../support/test-executor.module';
import { ReceivedDelivery, WebhookReceiver } from '../support/webhook-receiver';

const NS = 'domain-engine';
const ROUTE = '/partner/v3/account/webhooks';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const appOptions = (env: Record<string, string> = {}): TestAppOptions => ({
  extraModules: [TestExecutorModule],
  env: {
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_UNIT_MS: '20',
    WEBHOOK_POLL_MS: '50',
    WEBHOOK_TIMEOUT_MS: '3000',
    ...env,
  },
});

interface Partner {
  readonly accountId: string;
  readonly headers: { authorization: string };
}

const openPartner = async (subject: TestApp, profile: PartnerProfile = 'web3'): Promise<Partner> => {
  const commands = subject.app.get(CommandBus);
  const { accountId } = await commands.execute(
    new OpenAccount({ kind: 'partner', profile, name: `partner ${Math.random()}` }),
  );
  const { secret } = await commands.execute(new IssueCredential(accountId, 'partner_key'));
  return { accountId, headers: { authorization: `Bearer ${secret}` } };
};

const register = async (subject: TestApp, partner: Partner, url: string, type = 'OPERATION_FINISHED') => {
  const res = await subject.app.inject({
    method: 'POST',
    url: ROUTE,
    headers: partner.headers,
    payload: { url, type },
  });
  expect(res.statusCode).toBe(201);
  const operation = res.json().operation;
  await subject.settled();
  return { webhookId: operation.dependencies[0].parameters.id as string, operation };
};

/** An operation of the partner's account whose one TEST_STEP completes, fails or waits for a signature. */
const runOperation = (
  subject: TestApp,
  partner: Partner,
  outcome: 'complete' | 'fail' | 'signature',
  options: { surface?: OperationSurface; preview?: boolean } = {},
) =>
  subject.app.get(CommandBus).execute(
    new RequestOperation({
      accountId: partner.accountId,
      surface: options.surface ?? 'web3',
      type: options.surface === 'reseller' ? 'DOMAIN_ADMIN_UPDATE' : 'DOMAIN_UPDATE',
      domain: null,
      preview: options.preview,
      dependencies: [{ id: newId('platformDependency'), type: 'TEST_STEP', parameters: { outcome } }],
    }),
  );

const deliveryLog = async (subject: TestApp, partner: Partner, webhookId: string) => {
  const res = await subject.app.inject({
    method: 'GET',
    url: `${ROUTE}/${webhookId}/deliveries`,
    headers: partner.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().items as {
    id: string;
    type: string;
    operationId: string;
    status: string;
    attempts: { at: number; statusCode: number | null; error: string | null; durationMs: number }[];
    nextAttemptAt: number | null;
  }[];
};

const signatureOf = (secret: string, delivery: ReceivedDelivery): string =>
  createHmac('sha256', secret).update(`${delivery.headers['x-svc-timestamp']}.${delivery.rawBody}`).digest('base64');

describe('webhooks (surface C registry, deliveries to a real receiver)', () => {
  let subject: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    subject = await createTestApp(appOptions());
  });
  afterAll(async () => {
    try {
      await subject?.close();
    } finally {
      await receiver?.close(); // an open listener would keep Jest from exiting
    }
  });

  it('registers through an ACCOUNT_UPDATE operation, then signs each delivery and sends the operation as GET shows it', async () => {
    const partner = await openPartner(subject);
    const path = '/signed/hook?token=a%20b&x=1';
    const before = Date.now();
    const res = await subject.app.inject({
      method: 'POST',
      url: ROUTE,
      headers: partner.headers,
      payload: { url: receiver.url(path), type: 'OPERATION_FINISHED' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      '@type': `${NS}/partner.v3.WebhookCreateResult`,
      operation: {
        '@type': `${NS}/partner.v3.Operation`,
        type: 'ACCOUNT_UPDATE',
        status: 'QUEUED',
        dependencies: [{ '@type': `${NS}/partner.v3.PlatformOperation`, type: 'WEBHOOK_CREATE', status: 'QUEUED' }],
      },
    });
    const webhookId = created.operation.dependencies[0].parameters.id;
    expect(created.operation.dependencies[0].parameters).toEqual({
      id: webhookId,
      url: receiver.url(path),
      type: 'OPERATION_FINISHED',
    });
    await subject.settled();
    const registration = await readOperation(subject, {
      accountId: partner.accountId,
      id: created.operation.id,
    } as ExistingOperation);
    expect(registration.status).toBe('COMPLETED');
    expect(registration.dependencies[0].result).toEqual({
      webhook: { id: webhookId, url: receiver.url(path), type: 'OPERATION_FINISHED' },
    });
    const got = await subject.app.inject({ method: 'GET', url: `${ROUTE}/${webhookId}`, headers: partner.headers });
    expect(got.json()).toEqual({
      '@type': `${NS}/partner.v3.Webhook`,
      id: webhookId,
      url: receiver.url(path),
      type: 'OPERATION_FINISHED',
    });

    const op = await runOperation(subject, partner, 'complete');
    const [delivery] = await receiver.waitFor(path, op.id);
    const account = await subject.app.inject({ method: 'GET', url: '/partner/v3/account', headers: partner.headers });
    const secret = account.json().webhookSecret;
    expect(secret).toBe(await subject.app.get(CommandBus).execute(new WebhookSecret(partner.accountId)));
    expect(delivery.path).toBe(path); // exactly as registered, query string included
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(Number(delivery.headers['x-svc-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(delivery.headers['x-svc-delivery-id']).toMatch(UUID);
    expect(delivery.headers['x-svc-signature']).toBe(signatureOf(secret, delivery));
    expect(delivery.headers['x-svc-signature']).not.toBe(signatureOf(`${secret}x`, delivery));
    await subject.settled();
    const shown = await subject.app.inject({
      method: 'GET',
      url: `/partner/v3/operations/${op.id}`,
      headers: partner.headers,
    });
    expect(shown.statusCode).toBe(200);
    expect(delivery.body).toEqual({
      '@type': `${NS}/partner.v3.WebhookDelivery`,
      type: 'OPERATION_FINISHED',
      data: shown.json(),
    });
    expect(delivery.body.data).toEqual(presentOperation(NS, await readOperation(subject, op)));
    expect(delivery.body.data.status).toBe('COMPLETED');

    const failed = await runOperation(subject, partner, 'fail');
    const [failure] = await receiver.waitFor(path, failed.id);
    expect(failure.body.data).toMatchObject({
      id: failed.id,
      status: 'FAILED',
      dependencies: [{ status: 'FAILED', error: { code: 'TEST_FAILURE' } }],
    });
    // the registration's own operation finished after the webhook was active, so it was announced too
    expect(receiver.deliveriesTo(path, registration.id)).toHaveLength(1);
  });

  it('gives the secret on first use and the same one after', async () => {
    const partner = await openPartner(subject);
    const commands = subject.app.get(CommandBus);
    const secrets = await Promise.all(
      Array.from({ length: 5 }, () => commands.execute(new WebhookSecret(partner.accountId))),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await commands.execute(new WebhookSecret(partner.accountId))).toBe(secrets[0]);
  });

  it('retries a failing receiver with the same delivery id and body, and logs every attempt', async () => {
    const partner = await openPartner(subject);
    const path = '/flaky';
    const { webhookId } = await register(subject, partner, receiver.url(path));
    receiver.answerNext(path, 500, 503);
    const op = await runOperation(subject, partner, 'complete');
    const attempts = await receiver.waitFor(path, op.id, 3);
    expect(attempts.map((attempt) => attempt.answered)).toEqual([500, 503, 200]);
    expect(new Set(attempts.map((attempt) => attempt.headers['x-svc-delivery-id'])).size).toBe(1);
    expect(new Set(attempts.map((attempt) => attempt.rawBody)).size).toBe(1);
    const secret = await subject.app.get(CommandBus).execute(new WebhookSecret(partner.accountId));
    for (const attempt of attempts) expect(attempt.headers['x-svc-signature']).toBe(signatureOf(secret, attempt));

    await subject.settled();
    const [latest] = await deliveryLog(subject, partner, webhookId);
    expect(latest).toMatchObject({
      id: attempts[0].headers['x-svc-delivery-id'],
      type: 'OPERATION_FINISHED',
      operationId: op.id,
      status: 'DELIVERED',
      nextAttemptAt: null,
    });
    expect(latest.attempts.map(({ statusCode, error }) => ({ statusCode, error }))).toEqual([
      { statusCode: 500, error: null },
      { statusCode: 503, error: null },
      { statusCode: 200, error: null },
    ]);
    expect(latest.attempts.map((attempt) => attempt.at)).toEqual(
      attempts.map((attempt) => Number(attempt.headers['x-svc-timestamp'])),
    );
    for (const attempt of latest.attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('drops a delivery after nine failed attempts on the schedule', async () => {
    const partner = await openPartner(subject);
    const path = '/down';
    const { webhookId } = await register(subject, partner, receiver.url(path));
    receiver.alwaysFail(path);
    const op = await runOperation(subject, partner, 'complete');
    const attempts = await receiver.waitFor(path, op.id, 9);
    await subject.settled();
    const [dropped] = await deliveryLog(subject, partner, webhookId);
    expect(dropped).toMatchObject({ operationId: op.id, status: 'DROPPED', nextAttemptAt: null });
    expect(dropped.attempts).toHaveLength(9);
    // waits of 1, 2, 4 ... 120 units of 20 ms between the attempts
    const gaps = attempts
      .slice(1)
      .map((attempt, n) => Number(attempt.headers['x-svc-timestamp']) - Number(attempts[n].headers['x-svc-timestamp']));
    [1, 2, 4, 8, 16, 32, 64, 120].forEach((units, n) => expect(gaps[n]).toBeGreaterThanOrEqual(units * 20));
    expect(receiver.deliveriesTo(path, op.id)).toHaveLength(9);
  });

  it('delivers OPERATION_ACTION_REQUIRED for a signature, and not to a webhook of OPERATION_FINISHED only', async () => {
    const partner = await openPartner(subject);
    await register(subject, partner, receiver.url('/action'), 'OPERATION_ACTION_REQUIRED');
    await register(subject, partner, receiver.url('/finished-only'), 'OPERATION_FINISHED');
    const op = await runOperation(subject, partner, 'signature');
    const [required] = await receiver.waitFor('/action', op.id);
    expect(required.body).toMatchObject({
      type: 'OPERATION_ACTION_REQUIRED',
      data: { id: op.id, status: 'SIGNATURE_REQUIRED', dependencies: [{ status: 'SIGNATURE_REQUIRED' }] },
    });
    await subject.settled();
    expect(receiver.deliveriesTo('/finished-only', op.id)).toEqual([]);

    const dependencyId = op.dependencies[0].id;
    await subject.app.get(CommandBus).execute(
      new ChangeOperation(op.id, {
        type: 'ResumeDependency',
        data: { dependencyId, input: { signature: '0x51' }, at: Date.now() },
      }),
    );
    const [finished] = await receiver.waitFor('/finished-only', op.id);
    expect(finished.body).toMatchObject({ type: 'OPERATION_FINISHED', data: { id: op.id, status: 'COMPLETED' } });
    await subject.settled();
    expect(receiver.deliveriesTo('/action', op.id)).toHaveLength(1);
  });

  it('refuses the fourth webhook of a type with 409 WEBHOOK_LIMIT_REACHED, and counts a deleted one out', async () => {
    const partner = await openPartner(subject);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await register(subject, partner, receiver.url(`/limit/${n}`))).webhookId);
    const fourth = await subject.app.inject({
      method: 'POST',
      url: ROUTE,
      headers: partner.headers,
      payload: { url: receiver.url('/limit/4'), type: 'OPERATION_FINISHED' },
    });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: 'WEBHOOK_LIMIT_REACHED' });
    await register(subject, partner, receiver.url('/limit/other'), 'OPERATION_ACTION_REQUIRED');

    const list = await subject.app.inject({ method: 'GET', url: ROUTE, headers: partner.headers });
    expect(list.json()).toEqual({
      '@type': `${NS}/partner.v3.CursorList`,
      items: [
        ...ids.map((id, n) => ({
          '@type': `${NS}/partner.v3.Webhook`,
          id,
          url: receiver.url(`/limit/${n + 1}`),
          type: 'OPERATION_FINISHED',
        })),
        expect.objectContaining({ type: 'OPERATION_ACTION_REQUIRED' }),
      ],
      next: { $cursor: null },
    });
    expect(
      (await subject.app.inject({ method: 'DELETE', url: `${ROUTE}/${ids[0]}`, headers: partner.headers })).statusCode,
    ).toBe(200);
    await register(subject, partner, receiver.url('/limit/4'));
  });

  it('refuses bad URLs, types and bodies with 400', async () => {
    const partner = await openPartner(subject);
    const post = (payload: unknown) =>
      subject.app.inject({ method: 'POST', url: ROUTE, headers: partner.headers, payload: payload as object });
    for (const url of [
      'ftp://hooks.example.com/x',
      '/relative/hook',
      'hooks.example.com/hook',
      'https://user:secret@hooks.example.com/',
      `https://hooks.example.com/${'a'.repeat(2048)}`,
      'https://',
    ]) {
      const res = await post({ url, type: 'OPERATION_FINISHED' });
      expect({ url: url.slice(0, 40), status: res.statusCode, code: res.json().code }).toEqual({
        url: url.slice(0, 40),
        status: 400,
        code: 'VALIDATION',
      });
    }
    for (const payload of [
      { url: receiver.url('/x'), type: 'OPERATION_CREATED' },
      { url: receiver.url('/x') },
      { url: 42, type: 'OPERATION_FINISHED' },
      { url: receiver.url('/x'), type: 'OPERATION_FINISHED', extra: 1 },
    ]) {
      expect((await post(payload)).statusCode).toBe(400);
    }
    for (const url of [`${ROUTE}/not-a-webhook`, `${ROUTE}/wh-123`]) {
      expect((await subject.app.inject({ method: 'GET', url, headers: partner.headers })).statusCode).toBe(400);
      expect((await subject.app.inject({ method: 'DELETE', url, headers: partner.headers })).statusCode).toBe(400);
    }
    for (const url of [`${ROUTE}?$cursor=bm90LWEtY3Vyc29y`, `${ROUTE}?limit=5`]) {
      expect((await subject.app.inject({ method: 'GET', url, headers: partner.headers })).statusCode).toBe(400);
    }
    await subject.settled();
    expect((await subject.app.inject({ method: 'GET', url: ROUTE, headers: partner.headers })).json().items).toEqual(
      [],
    );
  });

  it('refuses loopback and private targets unless they are allowed', async () => {
    const strict = await createTestApp(appOptions({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }));
    try {
      const partner = await openPartner(strict);
      for (const url of [
        'http://localhost:8080/hook',
        'http://127.0.0.1:8080/hook',
        'http://[::1]/hook',
        'http://10.0.0.7/hook',
        'http://169.254.169.254/latest',
      ]) {
        const res = await strict.app.inject({
          method: 'POST',
          url: ROUTE,
          headers: partner.headers,
          payload: { url, type: 'OPERATION_FINISHED' },
        });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      }
      const allowed = await strict.app.inject({
        method: 'POST',
        url: ROUTE,
        headers: partner.headers,
        payload: { url: 'https://hooks.example.com/x', type: 'OPERATION_FINISHED' },
      });
      expect(allowed.statusCode).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('deletes through an ACCOUNT_UPDATE operation, after which nothing is delivered', async () => {
    const partner = await openPartner(subject);
    const path = '/deleted';
    const { webhookId } = await register(subject, partner, receiver.url(path));
    const res = await subject.app.inject({ method: 'DELETE', url: `${ROUTE}/${webhookId}`, headers: partner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      '@type': `${NS}/partner.v3.WebhookDeleteResult`,
      operation: { type: 'ACCOUNT_UPDATE', dependencies: [{ type: 'WEBHOOK_DELETE', parameters: { id: webhookId } }] },
    });
    const op = await runOperation(subject, partner, 'complete');
    await subject.settled();
    const deletion = await readOperation(subject, {
      accountId: partner.accountId,
      id: res.json().operation.id,
    } as ExistingOperation);
    expect(deletion.status).toBe('COMPLETED');
    expect(deletion.dependencies[0].result).toEqual({
      webhook: { id: webhookId, url: receiver.url(path), type: 'OPERATION_FINISHED' },
    });
    expect((await readOperation(subject, op)).status).toBe('COMPLETED');
    expect(receiver.deliveriesTo(path, op.id)).toEqual([]);
    expect(receiver.deliveriesTo(path, deletion.id)).toEqual([]);
    for (const method of ['GET', 'DELETE'] as const) {
      expect(
        (await subject.app.inject({ method, url: `${ROUTE}/${webhookId}`, headers: partner.headers })).statusCode,
      ).toBe(404);
    }
    expect((await subject.app.inject({ method: 'GET', url: ROUTE, headers: partner.headers })).json().items).toEqual(
      [],
    );
  });

  it("answers 404 to another partner for a partner's webhook, which it can neither read nor delete", async () => {
    const alice = await openPartner(subject);
    const bob = await openPartner(subject);
    const { webhookId } = await register(subject, alice, receiver.url('/alice'));
    for (const [method, url] of [
      ['GET', `${ROUTE}/${webhookId}`],
      ['DELETE', `${ROUTE}/${webhookId}`],
      ['GET', `${ROUTE}/${webhookId}/deliveries`],
    ] as const) {
      const res = await subject.app.inject({ method, url, headers: bob.headers });
      expect({ method, url, status: res.statusCode, code: res.json().code }).toEqual({
        method,
        url,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    expect((await subject.app.inject({ method: 'GET', url: ROUTE, headers: bob.headers })).json().items).toEqual([]);
    await subject.settled();
    expect(
      (await subject.app.inject({ method: 'GET', url: `${ROUTE}/${webhookId}`, headers: alice.headers })).statusCode,
    ).toBe(200);
  });

  it('announces reseller operations as OPERATION_CREATED, as they were then, and never a preview', async () => {
    const reseller = await openPartner(subject, 'reseller');
    const commands = subject.app.get(CommandBus);
    for (const type of ['OPERATION_CREATED', 'OPERATION_FINISHED'] as const) {
      await commands.execute(
        new RegisterWebhook(reseller.accountId, 'reseller', receiver.url(`/reseller/${type}`), type),
      );
    }
    await subject.settled();
    const preview = await runOperation(subject, reseller, 'complete', { surface: 'reseller', preview: true });
    const real = await runOperation(subject, reseller, 'complete', { surface: 'reseller' });
    const [created] = await receiver.waitFor('/reseller/OPERATION_CREATED', real.id);
    expect(created.body).toMatchObject({
      type: 'OPERATION_CREATED',
      data: { id: real.id, status: 'QUEUED', dependencies: [{ status: 'QUEUED' }] },
    });
    const [finished] = await receiver.waitFor('/reseller/OPERATION_FINISHED', real.id);
    expect(finished.body.data.status).toBe('COMPLETED');
    await subject.settled();
    expect(receiver.received.filter((delivery) => delivery.body.data.id === preview.id)).toEqual([]);
    expect(receiver.deliveriesTo('/reseller/OPERATION_CREATED', real.id)).toHaveLength(1);
  });

  it('keeps a delivery through a restart during its retry wait', async () => {
    const slow = appOptions({ WEBHOOK_RETRY_UNIT_MS: '2000' });
    const first = await createTestApp(slow);
    let firstClosed = false;
    let second: TestApp | undefined;
    try {
      const partner = await openPartner(first);
      const path = '/restart';
      const { webhookId } = await register(first, partner, receiver.url(path));
      receiver.answerNext(path, 500);
      const op = await runOperation(first, partner, 'complete');
      await receiver.waitFor(path, op.id);
      await first.close();
      firstClosed = true;
      const closedAt = Date.now();
      expect(receiver.deliveriesTo(path, op.id)).toHaveLength(1); // closed inside the two-second wait

      second = await createTestApp({ ...slow, databaseUrl: first.databaseUrl });
      const [failed, delivered] = await receiver.waitFor(path, op.id, 2);
      expect(delivered.receivedAt).toBeGreaterThanOrEqual(closedAt);
      expect(delivered.headers['x-svc-delivery-id']).toBe(failed.headers['x-svc-delivery-id']);
      expect(delivered.rawBody).toBe(failed.rawBody);
      await second.settled();
      const [latest] = await deliveryLog(second, partner, webhookId);
      expect(latest).toMatchObject({ operationId: op.id, status: 'DELIVERED' });
      expect(latest.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    } finally {
      if (!firstClosed) await first.close();
      await second?.close();
    }
  });
});
