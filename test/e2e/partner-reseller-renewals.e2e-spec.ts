import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { SetDnsPrices } from '../../src/application/dns-domains/set-prices.command';
import { EventStore } from '../../src/application/shared/event-store.port';
import { loadStream } from '../../src/application/shared/handle-command';
import { billingDecider, billingStream } from '../../src/domain/billing/billing-account';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { createTestApp, TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { newReseller, Partner } from '../support/web3-partner';

const DAY_MS = 86_400_000;
const YEAR = (at: string | number, years: number) => {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString();
};

/**
 * Quotes that bind (a commit naming its preview is charged the preview's price, once, within its validity) and
 * renewals on surface D: terms, preview, renewal from the current expiry that never happens twice, restoration of a
 * name in redemption.
 */
describe('reseller quotes and renewals (surface D)', () => {
  const clock = new TestClock();
  let subject: TestApp;
  let reseller: Partner;
  let registry: SandboxRegistry;
  beforeAll(async () => {
    subject = await createTestApp({ clock });
    reseller = await newReseller(subject);
    registry = subject.app.get(SandboxRegistry);
  });
  afterAll(() => subject?.close());

  const fresh = (tld = 'com') => `q${randomBytes(5).toString('hex')}.${tld}`;
  const balance = async () =>
    (await loadStream(subject.app.get(EventStore), billingStream(reseller.accountId), billingDecider)).state
      .balanceCents;
  const owner = {
    type: 'SELF',
    contact: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.net',
      phone: { dialingPrefix: '44', number: '20 7946 0958' },
      street: '12 St James Square',
      city: 'London',
      stateProvince: 'London',
      postalCode: 'SW1Y 4JH',
      countryCode: 'GB',
    },
  };
  const setPrices = (tld: string, prices: object) => subject.app.get(CommandBus).execute(new SetDnsPrices(tld, prices));
  const registered = async (tld = 'com') => {
    const name = fresh(tld);
    const reply = await reseller.call('POST', '/domains', { name, owner, dns: { period: 1 } });
    expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
    return name;
  };
  const commit = async (path: string, body: object) => {
    const reply = await reseller.call('POST', path, body);
    return [reply.status, reply.body.code ?? reply.body.operation.status];
  };

  describe('a preview binds its quote', () => {
    it('charges the quoted price to the commit that names it, even after the price list changed', async () => {
      const name = fresh('org');
      const preview = await reseller.call('POST', '/domains?$preview=true', { name, owner, dns: { period: 2 } });
      expect(preview.body.operation.billing).toEqual([
        expect.objectContaining({ reason: 'DOMAIN_REGISTRATION', amount: { usdCents: 2 * 1099 } }),
      ]);
      await setPrices('org', { registrationCents: 2499 });
      expect((await reseller.call('GET', '/pricing/dns/tlds/org')).body.registration.listPrice.usdCents).toBe(2499);

      const before = await balance();
      const quoteId = preview.body.operation.id as string;
      const reply = await reseller.call('POST', `/domains?$quote=${quoteId}`, { name, owner, dns: { period: 2 } });
      expect(reply.status).toBe(201);
      expect(reply.body.operation.billing).toEqual([
        expect.objectContaining({ reason: 'DOMAIN_REGISTRATION', amount: { usdCents: 2 * 1099 } }),
      ]);
      expect(await balance()).toBe(before + 2 * 1099);
      expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');

      // without a quote, the new price
      const unbound = await reseller.call('POST', '/domains', { name: fresh('org'), owner, dns: { period: 1 } });
      expect(unbound.body.operation.billing[0].amount).toEqual({ usdCents: 2499 });
      // a quote is used once
      expect(await commit(`/domains?$quote=${quoteId}`, { name, owner, dns: { period: 2 } })).toEqual([
        409,
        'QUOTE_USED',
      ]);
      await setPrices('org', { registrationCents: 1099 });
    });

    it('refuses a quote that expired, was used, quoted another request, or is not the account’s', async () => {
      const name = fresh('net');
      const previewOf = async (body: object) =>
        (await reseller.call('POST', '/domains?$preview=true', body)).body.operation.id as string;
      const before = await balance();

      const mismatched = await previewOf({ name, owner, dns: { period: 1 } });
      expect(await commit(`/domains?$quote=${mismatched}`, { name, owner, dns: { period: 3 } })).toEqual([
        409,
        'QUOTE_MISMATCH',
      ]);
      const other = await newReseller(subject, 'Other reseller');
      expect(await other.call('POST', `/domains?$quote=${mismatched}`, { name, owner }).then((r) => r.status)).toBe(
        404,
      );
      expect(await commit(`/domains?$quote=${mismatched}&$preview=true`, { name, owner })).toEqual([400, 'VALIDATION']);

      const expiring = await previewOf({ name, owner, dns: { period: 1 } });
      clock.advance(15 * 60_000 + 1);
      expect(await commit(`/domains?$quote=${expiring}`, { name, owner, dns: { period: 1 } })).toEqual([
        409,
        'QUOTE_EXPIRED',
      ]);
      expect(await balance()).toBe(before);

      const used = await previewOf({ name, owner, dns: { period: 1 } });
      const committed = await reseller.call('POST', `/domains?$quote=${used}`, { name, owner, dns: { period: 1 } });
      expect(committed.status).toBe(201);
      const operationId = committed.body.operation.id as string;
      expect(await commit(`/domains?$quote=${operationId}`, { name, owner, dns: { period: 1 } })).toEqual([
        400,
        'QUOTE_INVALID',
      ]);
      expect((await reseller.operation(operationId)).status).toBe('COMPLETED');
      expect(await balance()).toBe(before + 1399);
    });
  });

  describe('renewals', () => {
    it('answers the terms of one of the account’s names, and 404 for any other name', async () => {
      const name = await registered();
      const info = await registry.info(name);
      const terms = await reseller.call('GET', `/domains/${name}/renewals`);
      expect(terms.status).toBe(200);
      expect(terms.body).toEqual({
        '@type': 'domain-engine/partner.v3.DomainRenewalInfo',
        isEligible: true,
        expirationDate: new Date(info!.expiresAt).toISOString(),
        gracePeriodExpirationDate: new Date(info!.expiresAt + 45 * DAY_MS).toISOString(),
        price: { type: 'STANDARD', listPrice: { usdCents: 1499 }, subTotal: { usdCents: 1499 } },
        // never more than ten years ahead: one is registered already
        period: { min: 1, max: 9, increments: 1 },
      });
      const other = await newReseller(subject, 'Another reseller');
      expect((await other.call('GET', `/domains/${name}/renewals`)).status).toBe(404);
      expect((await other.call('POST', `/domains/${name}/renewals`, { period: 1 })).status).toBe(404);
      expect((await reseller.call('GET', '/domains/google.com/renewals')).status).toBe(404);
      expect((await reseller.call('POST', `/domains/${name}/renewals`, { period: 10 })).body.code).toBe('VALIDATION');
    });

    it('previews a renewal without changing anything, and renews from the current expiry once', async () => {
      const name = await registered();
      const { expirationDate } = (await reseller.call('GET', `/domains/${name}/renewals`)).body;
      const before = await balance();
      const head = await subject.app.get(EventStore).head();
      const preview = await reseller.call('POST', `/domains/${name}/renewals?$preview=true`, { period: 2 });
      expect(preview.body.operation).toMatchObject({
        status: 'PREVIEW',
        type: 'DOMAIN_RENEW',
        validUntilTimestamp: expect.any(Number),
        billing: [{ type: 'CHARGE', reason: 'DOMAIN_RENEWAL', amount: { usdCents: 2 * 1499 } }],
        dependencies: [{ type: 'DOMAIN_DNS_RENEW', status: 'PREVIEW', parameters: { period: 2 } }],
      });
      await subject.settled();
      // the preview's own stream is all it appended to: no charge, no claim on the name, nothing at the registry
      const appended = await subject.app.get(EventStore).readAll(head, 100);
      expect([...new Set(appended.map((event) => event.streamId))]).toEqual([`operation-${preview.body.operation.id}`]);
      expect(await balance()).toBe(before);
      expect(new Date((await registry.info(name))!.expiresAt).toISOString()).toBe(expirationDate);

      const body = { period: 2, expirationDate };
      const first = await reseller.call('POST', `/domains/${name}/renewals`, body);
      expect(first.status).toBe(201);
      expect(await balance()).toBe(before + 2 * 1499);
      expect(await reseller.operation(first.body.operation.id)).toMatchObject({
        status: 'COMPLETED',
        dependencies: [{ type: 'DOMAIN_DNS_RENEW', status: 'COMPLETED' }],
      });
      expect(new Date((await registry.info(name))!.expiresAt).toISOString()).toBe(YEAR(expirationDate, 2));
      expect((await reseller.call('GET', `/domains/${name}/renewals`)).body.expirationDate).toBe(
        YEAR(expirationDate, 2),
      );

      // the same renewal again: the name was renewed since, so nothing happens
      expect(await commit(`/domains/${name}/renewals`, body)).toEqual([409, 'EXPIRATION_DATE_MISMATCH']);
      expect(await balance()).toBe(before + 2 * 1499);
      expect(new Date((await registry.info(name))!.expiresAt).toISOString()).toBe(YEAR(expirationDate, 2));
    });

    it('renews once and charges once when the same renewal is sent 20 times at once', async () => {
      const name = await registered();
      const { expirationDate } = (await reseller.call('GET', `/domains/${name}/renewals`)).body;
      const before = await balance();
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          reseller.call('POST', `/domains/${name}/renewals`, { period: 1, expirationDate }),
        ),
      );
      const accepted = replies.filter((reply) => reply.status === 201);
      expect(accepted).toHaveLength(1);
      expect(
        replies
          .filter((reply) => reply.status !== 201)
          .every((reply) => ['CONCURRENT_OPERATION', 'EXPIRATION_DATE_MISMATCH'].includes(reply.body.code)),
      ).toBe(true);
      expect((await reseller.operation(accepted[0].body.operation.id)).status).toBe('COMPLETED');
      expect(await balance()).toBe(before + 1499);
      expect(new Date((await registry.info(name))!.expiresAt).toISOString()).toBe(YEAR(expirationDate, 1));
    });

    it('binds a renewal to its preview across a price change', async () => {
      const name = await registered('xyz');
      const preview = await reseller.call('POST', `/domains/${name}/renewals?$preview=true`, { period: 1 });
      await setPrices('xyz', { renewalCents: 9999 });
      const before = await balance();
      const reply = await reseller.call('POST', `/domains/${name}/renewals?$quote=${preview.body.operation.id}`, {
        period: 1,
      });
      expect(reply.status).toBe(201);
      expect(await balance()).toBe(before + 1399);
      expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
      expect((await reseller.call('GET', `/domains/${name}/renewals`)).body.price.listPrice.usdCents).toBe(9999);
      await setPrices('xyz', { renewalCents: 1399 });
    });

    it('restores a name in its redemption period with its renewal, charging the restoration fee too', async () => {
      const name = await registered();
      const expiresAt = (await registry.info(name))!.expiresAt;
      // past the 45 days of auto-renew grace: redemption
      await registry.advanceClock(expiresAt + 46 * DAY_MS - (await registry.now()));
      const terms = (await reseller.call('GET', `/domains/${name}/renewals`)).body;
      expect(terms).toMatchObject({
        isEligible: true,
        price: { listPrice: { usdCents: 1499 }, subTotal: { usdCents: 1499 + 8000 } },
      });
      const before = await balance();
      const reply = await reseller.call('POST', `/domains/${name}/renewals`, { period: 1 });
      expect(reply.body.operation.billing).toEqual([
        expect.objectContaining({ reason: 'DOMAIN_RESTORATION', amount: { usdCents: 8000 } }),
        expect.objectContaining({ reason: 'DOMAIN_RENEWAL', amount: { usdCents: 1499 } }),
      ]);
      expect(await balance()).toBe(before + 9499);
      expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
      const info = await registry.info(name);
      expect(info).toMatchObject({ phase: 'ACTIVE' });
      expect(new Date(info!.expiresAt).toISOString()).toBe(YEAR(expiresAt, 1));
    });
  });

  it('shows every charge of the account on its billing routes, newest first, with the balance they add up to', async () => {
    const billing = await reseller.call('GET', '/account/billing');
    expect(billing.body).toEqual({
      '@type': 'domain-engine/partner.v3.AccountBilling',
      balanceUsdCents: await balance(),
    });
    const transactions = await reseller.call('GET', '/account/billing/transactions');
    const items = transactions.body.items as { type: string; amountUsdCents: number; createdAtTimestamp: number }[];
    // the restoration and its renewal: one operation, charged in one append (their order within it is not told)
    expect(items.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'ORDER',
          amountUsdCents: 1499,
          notes: expect.stringMatching(/^DOMAIN_RENEWAL q/),
        }),
        expect.objectContaining({
          type: 'ORDER',
          amountUsdCents: 8000,
          notes: expect.stringMatching(/^DOMAIN_RESTORATION q/),
        }),
      ]),
    );
    expect(items.map((item) => item.createdAtTimestamp)).toEqual(
      [...items.map((item) => item.createdAtTimestamp)].sort((a, b) => b - a),
    );
    const account = await reseller.call('GET', '/account');
    expect(account.body).toMatchObject({ id: reseller.accountId, defaultWalletAddress: null });
    expect(account.body.webhookSecret).toEqual(expect.any(String));
  });
});
