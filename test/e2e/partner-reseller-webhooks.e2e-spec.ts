import { createHmac, randomBytes } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';
import { ReceivedDelivery, WebhookReceiver } from '../support/webhook-receiver';
import { newReseller, newWeb3Partner, Partner } from '../support/web3-partner';

const signatureOf = (secret: string, delivery: ReceivedDelivery): string =>
  createHmac('sha256', secret).update(`${delivery.headers['x-svc-timestamp']}.${delivery.rawBody}`).digest('base64');

/**
 * A reseller's webhooks through HTTP, on the engine surface C uses: registered and deleted as ACCOUNT_UPDATE
 * operations, told of every operation as it starts (OPERATION_CREATED) and finishes (OPERATION_FINISHED), signed
 * with the secret `GET /account` shows; another account's webhooks are not found.
 */
describe('reseller webhooks (surface D)', () => {
  let receiver: WebhookReceiver;
  let subject: TestApp;
  let reseller: Partner;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    subject = await createTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_UNIT_MS: '20', WEBHOOK_POLL_MS: '50' },
    });
    reseller = await newReseller(subject);
  });
  afterAll(async () => {
    await subject?.close();
    await receiver.close();
  });

  it('registers webhooks, and tells them of each operation as it starts and as it finishes, signed', async () => {
    const ids: Record<string, string> = {};
    for (const type of ['OPERATION_CREATED', 'OPERATION_FINISHED']) {
      const reply = await reseller.call('POST', '/account/webhooks', { url: receiver.url(`/d/${type}`), type });
      expect(reply.status).toBe(201);
      expect(reply.body['@type']).toBe('domain-engine/partner.v3.WebhookCreateResult');
      const done = await reseller.operation(reply.body.operation.id);
      expect(done).toMatchObject({ type: 'ACCOUNT_UPDATE', status: 'COMPLETED' });
      ids[type] = done.dependencies[0].result.id;
    }
    const listed = await reseller.call('GET', '/account/webhooks');
    expect(listed.body.next).toBeNull();
    expect(listed.body.items.map((item: { type: string }) => item.type).sort()).toEqual([
      'OPERATION_CREATED',
      'OPERATION_FINISHED',
    ]);

    const name = `w${randomBytes(5).toString('hex')}.com`;
    const registered = await reseller.call('POST', '/domains', {
      name,
      owner: {
        type: 'SELF',
        contact: {
          firstName: 'Radia',
          lastName: 'Perlman',
          email: 'radia@example.net',
          phone: { dialingPrefix: '1', number: '206 555 0143' },
          street: '1 Spanning Tree Way',
          city: 'Seattle',
          stateProvince: 'WA',
          postalCode: '98101',
          countryCode: 'US',
        },
      },
    });
    const operationId = registered.body.operation.id as string;
    const [created] = await receiver.waitFor('/d/OPERATION_CREATED', operationId);
    expect(created.body).toMatchObject({
      type: 'OPERATION_CREATED',
      data: { id: operationId, type: 'DOMAIN_ADMIN_UPDATE', status: 'QUEUED', domain: name },
    });
    const [finished] = await receiver.waitFor('/d/OPERATION_FINISHED', operationId);
    expect(finished.body.data).toMatchObject({ id: operationId, status: 'COMPLETED' });
    const { webhookSecret } = (await reseller.call('GET', '/account')).body;
    for (const delivery of [created, finished]) {
      expect(delivery.headers['x-svc-signature']).toBe(signatureOf(webhookSecret, delivery));
    }

    // the receiver has its answer a moment before the delivery's end is recorded (the history first, then the log)
    await subject.settled();
    const log = await reseller.call('GET', `/account/webhooks/${ids.OPERATION_FINISHED}/deliveries`);
    expect(log.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ operationId, status: 'DELIVERED' })]),
    );
  });

  it('keeps webhooks to their account, and deletes them as an operation', async () => {
    const [webhook] = (await reseller.call('GET', '/account/webhooks')).body.items;
    const other = await newReseller(subject, 'Other reseller');
    expect((await other.call('GET', `/account/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await other.call('DELETE', `/account/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await other.call('GET', '/account/webhooks')).body.items).toEqual([]);
    // a web3 key on the same path reaches surface C, which does not take surface D's OPERATION_CREATED
    const web3 = await newWeb3Partner(subject);
    const refused = await web3.call('POST', '/account/webhooks', {
      url: receiver.url('/c'),
      type: 'OPERATION_CREATED',
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION']);

    const deleted = await reseller.call('DELETE', `/account/webhooks/${webhook.id}`);
    expect(deleted.body['@type']).toBe('domain-engine/partner.v3.WebhookDeleteResult');
    expect((await reseller.operation(deleted.body.operation.id)).status).toBe('COMPLETED');
    expect((await reseller.call('GET', `/account/webhooks/${webhook.id}`)).status).toBe(404);
  });
});
