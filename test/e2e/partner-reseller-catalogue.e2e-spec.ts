import { SetTldPrices } from '../../src/domain/dns-domains/price-list';
import { PRICE_LIST_STREAM, priceListDecider } from '../../src/domain/dns-domains/price-list';
import { handleCommand } from '../../src/application/shared/handle-command';
import { EventStore } from '../../src/application/shared/event-store.port';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, newWeb3Partner, Partner } from '../support/web3-partner';

/**
 * Surface D's catalogue through HTTP: the TLDs sold with their rules and prices, the availability of names in every
 * status of `decisions.md` §4, and suggestions of available names.
 */
describe('reseller catalogue (surface D)', () => {
  let subject: TestApp;
  let reseller: Partner;
  let web3: Partner;
  beforeAll(async () => {
    subject = await createTestApp();
    reseller = await newReseller(subject);
    web3 = await newWeb3Partner(subject);
  });
  afterAll(() => subject?.close());

  const availabilityOf = async (...names: string[]) => {
    const reply = await reseller.call(
      'GET',
      `/domains?${names.map((name) => `query=${encodeURIComponent(name)}`).join('&')}`,
    );
    expect(reply.status).toBe(200);
    return Object.fromEntries(
      (reply.body.items as { name: string; availability: Record<string, unknown> }[]).map((item) => [
        item.name,
        item.availability,
      ]),
    );
  };

  it('lists the TLDs sold: open ones can be registered, one announced for later cannot', async () => {
    const reply = await reseller.call('GET', '/tlds');
    expect(reply.status).toBe(200);
    const names = reply.body.items.map((tld: { name: string }) => tld.name);
    expect(names).toEqual(['com', 'net', 'org', 'io', 'ai', 'co', 'app', 'dev', 'xyz', 'info', 'shop']);
    expect(reply.body.items[0]).toEqual({
      '@type': 'domain-engine/partner.v3.Tld',
      name: 'com',
      namingSystem: 'ICANN',
      canRegister: true,
    });
    expect((await reseller.call('GET', '/tlds/shop')).body).toMatchObject({ name: 'shop', canRegister: false });
    expect((await reseller.call('GET', '/tlds/museum')).status).toBe(404);
  });

  it("answers a TLD's DNSSEC configuration", async () => {
    const reply = await reseller.call('GET', '/tlds/com/dns/security');
    expect(reply.body.dnssec).toEqual({
      supported: true,
      algorithms: [
        { id: 8, name: 'RSASHA256' },
        { id: 13, name: 'ECDSAP256SHA256' },
        { id: 14, name: 'ECDSAP384SHA384' },
        { id: 15, name: 'ED25519' },
        { id: 16, name: 'ED448' },
      ],
      digestTypes: [
        { id: 2, name: 'SHA-256' },
        { id: 4, name: 'SHA-384' },
      ],
    });
  });

  it('prices every TLD for registration, renewal, transfer and restoration, over the shortest period', async () => {
    const ai = (await reseller.call('GET', '/pricing/dns/tlds/ai')).body;
    expect(ai).toEqual({
      '@type': 'domain-engine/partner.v3.TldDnsPricing',
      name: 'ai',
      registration: { type: 'STANDARD', listPrice: { usdCents: 8999 }, subTotal: { usdCents: 17998 } },
      renewal: { type: 'STANDARD', listPrice: { usdCents: 8999 }, subTotal: { usdCents: 17998 } },
      transfer: { type: 'STANDARD', listPrice: { usdCents: 8999 }, subTotal: { usdCents: 8999 } },
      restoration: { type: 'STANDARD', listPrice: { usdCents: 15000 }, subTotal: { usdCents: 15000 } },
      constraints: { registration: { period: { min: 2, max: 10, increments: 1 } } },
    });
    const all = (await reseller.call('GET', '/pricing/dns/tlds')).body.items;
    expect(all).toHaveLength(11);
    expect((await reseller.call('GET', '/pricing/dns/domains/shop.xyz')).body.registration).toEqual({
      type: 'PREMIUM',
      listPrice: { usdCents: 250_000 },
      subTotal: { usdCents: 250_000 },
    });
    expect((await reseller.call('GET', '/pricing/dns/domains/fresh.museum')).status).toBe(404);
  });

  it('follows the price list: a price the operator sets is the price quoted from then on', async () => {
    const command: SetTldPrices = {
      type: 'SetTldPrices',
      data: {
        tld: 'dev',
        prices: { registrationCents: 999, renewalCents: 1999, transferCents: 999, restorationCents: 5000 },
        at: Date.now(),
      },
    };
    await handleCommand(subject.app.get(EventStore), PRICE_LIST_STREAM, priceListDecider, command);
    expect((await reseller.call('GET', '/pricing/dns/tlds/dev')).body.renewal.listPrice).toEqual({ usdCents: 1999 });
    expect((await availabilityOf('fresh-price.dev'))['fresh-price.dev'].price).toMatchObject({
      listPrice: { usdCents: 999 },
    });
  });

  it('answers every availability status, in the order asked', async () => {
    const registry = subject.app.get(SandboxRegistry);
    await registry.createContact('con_seed', {
      name: 'Seed Contact',
      organization: null,
      email: 'seed@example.net',
      voice: '+1.5555550100',
      street: ['1 Main St'],
      city: 'Springfield',
      stateProvince: 'IL',
      postalCode: '62701',
      countryCode: 'US',
    });
    const handles = { registrant: 'con_seed', admin: 'con_seed', tech: 'con_seed', billing: 'con_seed' };
    await registry.create({
      name: 'soon-gone.net',
      years: 1,
      authInfo: 'X-code-123!',
      contacts: handles,
      nameservers: [],
    });
    await registry.delete('soon-gone.net'); // within the add grace period: purged at once
    await registry.create({
      name: 'lapsing.org',
      years: 1,
      authInfo: 'X-code-123!',
      contacts: handles,
      nameservers: [],
    });
    await registry.advanceClock(366 * 86_400_000 + 45 * 86_400_000 + 30 * 86_400_000 + 3600_000);

    const asked = [
      'fresh-name.com',
      'google.com',
      'example.com',
      'paypal.xyz',
      'anything.shop',
      'xn--strae-oqa.io',
      'sunrise.com',
      'bank.app',
      'lapsing.org',
      'soon-gone.net',
      'name.museum',
    ];
    const found = await availabilityOf(...asked);
    expect(Object.keys(found)).toEqual(asked);
    expect(found['fresh-name.com']).toEqual({
      source: 'SERVICE',
      status: 'AVAILABLE',
      price: { type: 'STANDARD', listPrice: { usdCents: 1299 }, subTotal: { usdCents: 1299 } },
      constraints: { registration: { period: { min: 1, max: 10, increments: 1 } } },
    });
    expect(found['google.com']).toEqual({ source: 'SERVICE', status: 'REGISTERED' });
    expect(found['example.com'].status).toBe('RESERVED');
    expect(found['paypal.xyz'].status).toBe('PROTECTED');
    expect(found['anything.shop']).toEqual({
      source: 'SERVICE',
      status: 'COMING_SOON',
      availableAfterTimestamp: Date.UTC(2030, 0, 1),
    });
    expect(found['xn--strae-oqa.io'].status).toBe('DISALLOWED');
    expect(found['sunrise.com']).toEqual({
      source: 'EXTMARKET_A',
      status: 'AVAILABLE_FROM_SELLER',
      price: { type: 'STANDARD', listPrice: { usdCents: 450_000 }, subTotal: { usdCents: 450_000 } },
    });
    expect(found['bank.app'].status).toBe('EXCEEDS_PRICE_LIMIT');
    expect(found['lapsing.org']).toEqual({
      source: 'SERVICE',
      status: 'AVAILABLE_BACKORDER',
      availableAfterTimestamp: expect.any(Number),
    });
    expect(found['soon-gone.net'].status).toBe('AVAILABLE');
    expect(found['name.museum'].status).toBe('DISALLOWED');
  });

  it('looks labels up under the endings asked for, or every TLD sold, with the Unicode form beside', async () => {
    const asked = await reseller.call('GET', '/domains?query=straße&ending=com&ending=net');
    expect(
      asked.body.items.map((item: { name: string; unicodeName: string }) => [item.name, item.unicodeName]),
    ).toEqual([
      ['xn--strae-oqa.com', 'straße.com'],
      ['xn--strae-oqa.net', 'straße.net'],
    ]);
    const every = await reseller.call('GET', '/domains?query=fresh-label');
    expect(every.body.items).toHaveLength(11);
  });

  it('suggests only available names, under the endings asked for, with their prices', async () => {
    const reply = await reseller.call('GET', '/suggestions/domains?query=coffee%20shop&ending=com&ending=net');
    expect(reply.status).toBe(200);
    const names: string[] = reply.body.items.map((item: { name: string }) => item.name);
    expect(names.length).toBeGreaterThan(5);
    expect(names).not.toContain('coffeeshop.net'); // listed for sale by its owner
    expect(names.every((name) => /\.(com|net)$/.test(name))).toBe(true);
    const found = await availabilityOf(...names.slice(0, 10));
    expect(Object.values(found).every((availability) => availability.status === 'AVAILABLE')).toBe(true);
    expect(reply.body.items[0]).toEqual({
      '@type': 'domain-engine/partner.v3.DomainSuggestion',
      name: names[0],
      unicodeName: names[0],
      price: expect.objectContaining({ type: 'STANDARD' }),
    });
  });

  it('refuses malformed names, unsold endings and more than 50 names, one entry per problem', async () => {
    const bad = await reseller.call('GET', '/domains?query=-bad-.com&query=a..com');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'MULTIPLE_ERRORS', errors: [expect.anything(), expect.anything()] });
    expect((await reseller.call('GET', '/domains?query=x&ending=museum')).body.code).toBe('VALIDATION');
    const many = Array.from({ length: 6 }, (_, index) => `query=label${index}`).join('&');
    expect((await reseller.call('GET', `/domains?${many}`)).body).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('at most 50'),
    });
  });

  it('answers a web3 key on the shared paths with surface C, and refuses it on the catalogue', async () => {
    const lookup = await web3.call('GET', '/domains?query=alice.crypto');
    expect(lookup.status).toBe(200);
    expect(lookup.body.items[0].availability.source).toBeUndefined();
    expect((await web3.call('GET', '/tlds')).status).toBe(403);
    expect((await reseller.call('GET', '/account/wallets')).status).toBe(403);
  });
});
