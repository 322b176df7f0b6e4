import { EventStore } from '../../src/application/shared/event-store.port';
import { loadStream } from '../../src/application/shared/handle-command';
import { billingDecider, billingStream } from '../../src/domain/billing/billing-account';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { eventually } from '../support/eventually';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

const DAY_MS = 86_400_000;
const oneYearAfter = (at: number) => {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
};

/**
 * Transfers in on surface D through HTTP: `POST /domains` with the name's authorization code asks the losing
 * registrar once, waits for its answer (approved, rejected, or approved by the registry after five days), charges
 * the transfer price in the append that starts it and gives it back when the transfer fails.
 */
describe('reseller transfers in (surface D)', () => {
  let subject: TestApp;
  let reseller: Partner;
  let registry: SandboxRegistry;
  beforeAll(async () => {
    // ask the registry again soon: the tests answer for the losing registrar
    subject = await createTestApp({ env: { RESELLER_TRANSFER_POLL_MS: '20' } });
    reseller = await newReseller(subject);
    registry = subject.app.get(SandboxRegistry);
  });
  afterAll(() => subject?.close());

  const balance = async () =>
    (await loadStream(subject.app.get(EventStore), billingStream(reseller.accountId), billingDecider)).state
      .balanceCents;
  const owner = {
    type: 'SELF',
    contact: {
      firstName: 'Hedy',
      lastName: 'Lamarr',
      email: 'hedy@example.net',
      phone: { dialingPrefix: '1', number: '310 555 0143' },
      street: '1 Frequency Way',
      city: 'Los Angeles',
      stateProvince: 'CA',
      postalCode: '90001',
      countryCode: 'US',
    },
  };
  const transferIn = (name: string, authorizationCode: string, query = '') =>
    reseller.call('POST', `/domains${query}`, { name, owner, dns: { authorizationCode } });
  /** The losing registrar has the request: the operation waits for its answer. */
  const requested = (name: string) =>
    eventually(async () =>
      expect(await registry.queryTransfer(name)).toMatchObject({ status: 'PENDING', gaining: 'US' }),
    );

  it('previews a transfer with its price, asking nothing of the registry', async () => {
    const before = await balance();
    const preview = await transferIn('taken.com', 'Sandbox-Transfer-1!', '?$preview=true');
    expect(preview.status).toBe(201);
    expect(preview.body.operation).toMatchObject({
      status: 'PREVIEW',
      type: 'DOMAIN_ADMIN_UPDATE',
      billing: [{ type: 'CHARGE', reason: 'DOMAIN_TRANSFER', amount: { usdCents: 1299 } }],
      dependencies: [{ type: 'CONTACT_CREATE' }, { type: 'DOMAIN_REGISTER', parameters: { period: 1 } }],
    });
    // the code is never part of an operation
    expect(JSON.stringify(preview.body)).not.toContain('Sandbox-Transfer-1!');
    await subject.settled();
    expect(await registry.queryTransfer('taken.com')).toBeUndefined();
    expect(await balance()).toBe(before);
  });

  it('transfers a name in once its registrar approves: ours with a year added, our contacts and a new code', async () => {
    const before = await balance();
    const expiresAt = (await registry.info('taken.com'))!.expiresAt;
    const reply = await transferIn('taken.com', 'Sandbox-Transfer-1!');
    expect(reply.status).toBe(201);
    expect(await balance()).toBe(before + 1299);
    await requested('taken.com');
    await registry.answerTransferAsOtherRegistrar('taken.com', true);

    const done = await reseller.operation(reply.body.operation.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      dependencies: [{ status: 'COMPLETED' }, { status: 'COMPLETED' }],
    });
    const contactId = done.dependencies[0].result.id as string;
    const info = (await registry.info('taken.com'))!;
    expect(info).toMatchObject({ sponsoredByUs: true, phase: 'ACTIVE' });
    expect(info.expiresAt).toBe(oneYearAfter(expiresAt));
    expect(info.contacts).toEqual({ registrant: contactId, admin: contactId, tech: contactId, billing: contactId });
    expect(info.statuses).toContain('clientTransferProhibited');
    const shown = await reseller.call('GET', '/domains/taken.com?$expand=flags');
    expect(shown.body).toMatchObject({
      owner: { type: 'SERVICE', contactId },
      flags: { DNS_TRANSFER_OUT: { readonly: { reasons: [{ code: 'TRANSFER_LOCK' }] } } },
    });
    // the old registrar's code no longer opens it
    const stale = await reseller.call('POST', '/domains/taken.com/dns/transfers/inbound-eligibility', {
      authorizationCode: 'Sandbox-Transfer-1!',
    });
    expect(stale.body.reasons).toEqual(
      expect.arrayContaining(['ALREADY_TRANSFERRED', 'INVALID_AUTHORIZATION', 'TRANSFER_DATE_NOT_REACHED']),
    );
  });

  it('fails a transfer its registrar rejects, and credits the charge back as it finishes', async () => {
    const before = await balance();
    const reply = await transferIn('moving-house.net', 'Sandbox-Transfer-3!');
    expect(await balance()).toBe(before + 1399);
    await requested('moving-house.net');
    await registry.answerTransferAsOtherRegistrar('moving-house.net', false);
    expect(await reseller.operation(reply.body.operation.id)).toMatchObject({
      status: 'FAILED',
      dependencies: [{ status: 'COMPLETED' }, { status: 'FAILED', error: { code: 'TRANSFER_REJECTED' } }],
    });
    expect(await balance()).toBe(before);
    expect((await registry.info('moving-house.net'))!.sponsoredByUs).toBe(false);
    expect((await reseller.call('GET', '/domains/moving-house.net')).body.owner).toEqual({ type: 'UNKNOWN' });
  });

  it('refuses what its registrar would refuse, with the reasons, charging nothing', async () => {
    const before = await balance();
    const locked = await transferIn('google.com', 'not-its-code');
    expect([locked.status, locked.body.code]).toEqual([409, 'NOT_AVAILABLE']);
    expect(locked.body.message).toMatch(/REGISTRAR_LOCKED, INVALID_AUTHORIZATION/);
    const free = await transferIn('nobody-has-it-yet.com', 'some-code');
    expect([free.status, free.body.code]).toEqual([409, 'NOT_AVAILABLE']);
    const longer = await reseller.call('POST', '/domains', {
      name: 'taken.io',
      owner,
      dns: { authorizationCode: 'Sandbox-Transfer-2!', period: 2 },
    });
    expect([longer.status, longer.body.code]).toEqual([400, 'VALIDATION']);
    const short = await transferIn('taken.io', 'ab');
    expect([short.status, short.body.code]).toEqual([400, 'VALIDATION']);
    await subject.settled();
    expect(await balance()).toBe(before);
  });

  it('completes a transfer the registry approves after five days without an answer', async () => {
    const reply = await transferIn('taken.io', 'Sandbox-Transfer-2!');
    expect(reply.status).toBe(201);
    await requested('taken.io');
    // the list is a read model: it shows the request once it caught up (the transfer keeps the workers busy)
    await eventually(async () =>
      expect((await reseller.call('GET', '/account/domain-registrations')).body.items[0]).toEqual({
        '@type': 'domain-engine/partner.v3.AccountDomain',
        name: 'taken.io',
        status: 'TRANSFER_INBOUND_PROCESSING',
        namingSystem: 'ICANN',
        expirationTimestamp: null,
      }),
    );
    await registry.advanceClock(5 * DAY_MS);
    expect(await reseller.operation(reply.body.operation.id)).toMatchObject({ status: 'COMPLETED' });
    expect(await registry.queryTransfer('taken.io')).toMatchObject({ status: 'SERVER_APPROVED', gaining: 'US' });
    expect((await registry.info('taken.io'))!.sponsoredByUs).toBe(true);
  });

  it('lets a name go to another registrar with its code, after which it is no longer the account’s', async () => {
    const name = 'leaving-soon.com';
    const registered = await reseller.call('POST', '/domains', { name, owner });
    expect((await reseller.operation(registered.body.operation.id)).status).toBe('COMPLETED');
    await registry.advanceClock(61 * DAY_MS);
    const unlocked = await reseller.call('PATCH', `/domains/${name}/flags`, {
      DNS_TRANSFER_OUT: { status: 'ENABLED' },
    });
    expect((await reseller.operation(unlocked.body.operation.id)).status).toBe('COMPLETED');
    const { code } = (await reseller.call('GET', `/domains/${name}/dns/authorization-code`)).body;

    await registry.requestTransferAsOtherRegistrar(name, code);
    expect((await reseller.call('GET', `/domains/${name}/flags`)).body.DNS_TRANSFER_OUT.readonly.reasons).toEqual([
      expect.objectContaining({ code: 'PENDING_TRANSFER' }),
    ]);
    // the registry approves it after five days unless we answer first
    await registry.advanceClock(5 * DAY_MS);
    expect((await registry.info(name))!.sponsoredByUs).toBe(false);
    for (const path of ['/flags', '/dns', '/renewals', '/dns/authorization-code']) {
      expect((await reseller.call('GET', `/domains/${name}${path}`)).status).toBe(404);
    }
    expect((await reseller.call('GET', `/domains/${name}?$expand=registration`)).body).toMatchObject({
      owner: { type: 'UNKNOWN' },
      availability: { status: 'REGISTERED' },
    });
  });

  it('lists the account’s names, the latest first: held with their flags, gone ones deactivated', async () => {
    const page = await reseller.call('GET', '/account/domain-registrations?$expand=flags');
    expect(page.body.next).toBeNull();
    const items = page.body.items as { name: string; status: string; expirationTimestamp: number; flags?: object }[];
    expect(items.map((item) => [item.name, item.status])).toEqual([
      ['leaving-soon.com', 'DEACTIVATED'],
      ['taken.io', 'REGISTERED'],
      ['taken.com', 'REGISTERED'],
    ]);
    expect(items[1].expirationTimestamp).toBe((await registry.info('taken.io'))!.expiresAt);
    expect(items[1].flags).toMatchObject({
      DNS_TRANSFER_OUT: { status: 'DISABLED' },
      DNS_RENEW: { status: 'ENABLED' },
    });
    expect(items[0].flags).toBeUndefined();
    const other = await newReseller(subject, 'Another reseller');
    expect((await other.call('GET', '/account/domain-registrations')).body.items).toEqual([]);
  });
});
