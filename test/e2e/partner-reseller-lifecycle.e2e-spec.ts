import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { verificationPathIn } from '../support/contact-mail';
import { eventually } from '../support/eventually';
import { SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { newReseller, Partner } from '../support/web3-partner';

const DAY_MS = 86_400_000;
const PUBLIC_URL = 'https://domains.example';
const NAME = 'life-of-a-name.com';

/**
 * A name's whole life through surface D's HTTP routes, the registry's clock moved forward where time must pass:
 * preview and registration with an inline registrant (mailed, verified through the link), renewal, expiry, auto-renew
 * grace, redemption, restoration, expiry again and deletion by the registry, registration anew, transfer out with its
 * code after the lock, and transfer in. Every step shows in the operations, the billing and the webhooks.
 */
describe('the life of a reseller’s name (surface D)', () => {
  const inbox = new SmtpInbox();
  let receiver: WebhookReceiver;
  let subject: TestApp;
  let reseller: Partner;
  let registry: SandboxRegistry;
  /** Every operation of the account, in order, as the steps started them. */
  const operations: string[] = [];
  beforeAll(async () => {
    await inbox.start();
    receiver = await WebhookReceiver.start();
    subject = await createTestApp({
      env: {
        SMTP_URL: inbox.url,
        PUBLIC_URL,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_RETRY_UNIT_MS: '20',
        WEBHOOK_POLL_MS: '50',
        RESELLER_TRANSFER_POLL_MS: '20',
      },
    });
    reseller = await newReseller(subject);
    registry = subject.app.get(SandboxRegistry);
    for (const type of ['OPERATION_CREATED', 'OPERATION_FINISHED']) {
      const hook = await reseller.call('POST', '/account/webhooks', { url: receiver.url(`/${type}`), type });
      expect((await reseller.operation(hook.body.operation.id)).status).toBe('COMPLETED');
    }
  });
  afterAll(async () => {
    await subject?.close();
    await receiver.close();
    await inbox.stop();
  });

  /** Runs an operation to its end and checks that the webhooks heard of its start and of its end. */
  const completed = async (operationId: string, status = 'COMPLETED') => {
    operations.push(operationId);
    const op = await reseller.operation(operationId);
    expect(op.status).toBe(status);
    const [created] = await receiver.waitFor('/OPERATION_CREATED', operationId);
    expect(created.body.data.status).toBe('QUEUED');
    const [finished] = await receiver.waitFor('/OPERATION_FINISHED', operationId);
    expect(finished.body.data.status).toBe(status);
    return op;
  };
  const registration = async () => (await reseller.call('GET', `/domains/${NAME}?$expand=registration`)).body;
  const advanceTo = async (at: number) => registry.advanceClock(at - (await registry.now()));
  const transactions = async () =>
    (
      (await reseller.call('GET', '/account/billing/transactions')).body.items as {
        notes: string;
        amountUsdCents: number;
      }[]
    ).map(({ notes, amountUsdCents }) => `${notes.split(' ')[0]} ${amountUsdCents}`);
  const contact = {
    firstName: 'Margaret',
    lastName: 'Hamilton',
    email: 'margaret@example.net',
    phone: { dialingPrefix: '1', number: '617 555 0143' },
    street: '1 Apollo Way',
    city: 'Cambridge',
    stateProvince: 'MA',
    postalCode: '02139',
    countryCode: 'US',
  };

  it('previews, then registers with an inline registrant whose mail and link verify it', async () => {
    const preview = await reseller.call('POST', '/domains?$preview=true', {
      name: NAME,
      owner: { type: 'SELF', contact },
      dns: { period: 1 },
    });
    expect(preview.body.operation.status).toBe('PREVIEW');
    operations.push(preview.body.operation.id); // listed with the others
    const reply = await reseller.call('POST', `/domains?$quote=${preview.body.operation.id}`, {
      name: NAME,
      owner: { type: 'SELF', contact },
      dns: { period: 1 },
    });
    const op = await completed(reply.body.operation.id);
    const contactId = op.dependencies[0].result.id as string;

    const path = verificationPathIn((await inbox.mailTo(contact.email)).raw, PUBLIC_URL);
    expect((await subject.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await reseller.call('GET', `/contacts/${contactId}`)).body.verification.status).toBe('VERIFIED');
    expect(await registration()).toMatchObject({
      owner: { type: 'SERVICE', contactId },
      registration: { status: 'REGISTERED' },
    });
  });

  it('renews from the current expiry', async () => {
    const { expirationDate } = (await reseller.call('GET', `/domains/${NAME}/renewals`)).body;
    const reply = await reseller.call('POST', `/domains/${NAME}/renewals`, { period: 1, expirationDate });
    await completed(reply.body.operation.id);
    const expires = new Date(expirationDate);
    expires.setUTCFullYear(expires.getUTCFullYear() + 1);
    expect((await registration()).registration.expirationDate).toBe(expires.toISOString());
  });

  it('is served by our DNS: records, DNSSEC and hosting, the customer’s nameservers and ours again', async () => {
    const change = async (method: 'POST' | 'PUT' | 'DELETE' | 'PATCH', path: string, body?: object) =>
      completed((await reseller.call(method, `/domains/${NAME}${path}`, body)).body.operation.id);
    await change('POST', '/dns/records', { subName: 'www', type: 'A', values: ['192.0.2.80'], ttl: 300 });
    await change('POST', '/dns/security', {});
    await change('PUT', '/dns/hosting', { type: 'REDIRECT_301', targetUrl: 'https://example.org', subName: 'go' });
    await change('PUT', '/dns/nameservers', { items: ['ns1.example.net', 'ns2.example.net'] });
    expect((await reseller.call('GET', `/domains/${NAME}/dns`)).body.provider).toBe('EXTERNAL');
    await change('DELETE', '/dns/nameservers');
    expect((await reseller.call('GET', `/domains/${NAME}/dns/nameservers?$expand=dnssec`)).body).toMatchObject({
      items: ['ns1.domain-engine.test', 'ns2.domain-engine.test'],
      dnssec: { enabled: true, items: [{ algorithm: 13, digestType: 2 }] },
    });
    expect((await reseller.call('GET', `/domains/${NAME}/dns/records?subName=www`)).body.items).toMatchObject([
      { subName: 'www', type: 'A', values: ['192.0.2.80'] },
    ]);
    expect((await reseller.call('GET', `/domains/${NAME}/dns/hosting`)).body.items).toMatchObject([
      { subName: 'go', type: 'REDIRECT_301', status: 'ACTIVE' },
    ]);
    await change('DELETE', '/dns/hosting', { subName: 'go' });
    await change('DELETE', '/dns/security');
    expect((await reseller.call('GET', `/domains/${NAME}/dns/security`)).body.status).toBe('DISABLED');
  });

  it('expires into the auto-renew grace, then redemption, and comes back restored with a renewal', async () => {
    const expiresAt = (await registry.info(NAME))!.expiresAt;
    await advanceTo(expiresAt + DAY_MS);
    expect((await registration()).registration.status).toBe('EXPIRED_GRACE_PERIOD');
    await advanceTo(expiresAt + 46 * DAY_MS);
    expect((await registration()).registration).toMatchObject({
      status: 'EXPIRED_REDEMPTION_PERIOD',
      deletionAtTimestamp: expiresAt + (45 + 30 + 5) * DAY_MS,
    });
    const reply = await reseller.call('POST', `/domains/${NAME}/renewals`, { period: 1 });
    expect(reply.body.operation.billing.map((amount: { reason: string }) => amount.reason)).toEqual([
      'DOMAIN_RESTORATION',
      'DOMAIN_RENEWAL',
    ]);
    await completed(reply.body.operation.id);
    expect((await registration()).registration.status).toBe('REGISTERED');
  });

  it('is deleted by the registry when it lapses again, and can be registered anew', async () => {
    const expiresAt = (await registry.info(NAME))!.expiresAt;
    await advanceTo(expiresAt + 76 * DAY_MS);
    expect((await registration()).registration.status).toBe('EXPIRED_PENDING_DELETE');
    expect((await reseller.call('GET', `/domains?query=${NAME}`)).body.items[0].availability.status).toBe(
      'AVAILABLE_BACKORDER',
    );
    await advanceTo(expiresAt + 81 * DAY_MS);
    expect(await registry.info(NAME)).toBeUndefined();
    const listed = (await reseller.call('GET', '/account/domain-registrations')).body.items;
    expect(listed).toEqual([expect.objectContaining({ name: NAME, status: 'DEACTIVATED' })]);
    expect((await reseller.call('GET', `/domains/${NAME}/flags`)).status).toBe(404);

    const again = await reseller.call('POST', '/domains', { name: NAME, owner: { type: 'SELF', contact } });
    await completed(again.body.operation.id);
    expect((await reseller.call('GET', '/account/domain-registrations')).body.items).toEqual([
      expect.objectContaining({ name: NAME, status: 'REGISTERED' }),
    ]);
  });

  it('goes to another registrar with its code once the 60-day lock is over, and comes back by transfer in', async () => {
    expect((await reseller.call('GET', `/domains/${NAME}/dns/authorization-code`)).body.code).toBe('TRANSFER_LOCKED');
    await registry.advanceClock(61 * DAY_MS);
    const unlocked = await reseller.call('PATCH', `/domains/${NAME}/flags`, {
      DNS_TRANSFER_OUT: { status: 'ENABLED' },
    });
    await completed(unlocked.body.operation.id);
    const { code } = (await reseller.call('GET', `/domains/${NAME}/dns/authorization-code`)).body;
    await registry.requestTransferAsOtherRegistrar(NAME, code);
    await registry.advanceClock(5 * DAY_MS);
    expect((await registration()).owner).toEqual({ type: 'UNKNOWN' });

    // the other registrar's name now, to be had back with its code once its own 60-day lock is over
    await registry.advanceClock(61 * DAY_MS);
    const back = await reseller.call('POST', '/domains', {
      name: NAME,
      owner: { type: 'SELF', contact },
      dns: { authorizationCode: code },
    });
    expect(back.status).toBe(201);
    await eventually(async () =>
      expect(await registry.queryTransfer(NAME)).toMatchObject({ status: 'PENDING', gaining: 'US' }),
    );
    await registry.answerTransferAsOtherRegistrar(NAME, true);
    await completed(back.body.operation.id);
    expect(await registration()).toMatchObject({ owner: { type: 'SERVICE' }, registration: { status: 'REGISTERED' } });
  });

  it('shows every step in the operations and the billing', async () => {
    const listed = (
      await reseller.call(
        'GET',
        `/operations?${[
          'DOMAIN_ADMIN_UPDATE',
          'DOMAIN_RENEW',
          'DOMAIN_FLAGS_UPDATE',
          'DOMAIN_DNS_RECORD_CREATE',
          'DOMAIN_DNS_SECURITY_ENABLE',
          'DOMAIN_DNS_SECURITY_DELETE',
          'DOMAIN_HOSTING_UPDATE',
          'DOMAIN_HOSTING_DISABLE',
          'DOMAIN_DNS_NAME_SERVER_UPDATE',
        ]
          .map((type) => `type=${type}`)
          .join('&')}`,
      )
    ).body.items as { id: string }[];
    expect(listed.map((op) => op.id).reverse()).toEqual(operations);
    // each charge once; a restoration and its renewal share a moment, so the list's order between them is not told
    expect((await transactions()).sort()).toEqual(
      [
        'DOMAIN_REGISTRATION 1299',
        'DOMAIN_RENEWAL 1499',
        'DOMAIN_RESTORATION 8000',
        'DOMAIN_RENEWAL 1499',
        'DOMAIN_REGISTRATION 1299',
        'DOMAIN_TRANSFER 1299',
      ].sort(),
    );
    const { balanceUsdCents } = (await reseller.call('GET', '/account/billing')).body;
    expect(balanceUsdCents).toBe(1299 + 1499 + 8000 + 1499 + 1299 + 1299);
  });
});
