import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { Agent, newAgent } from '../support/agent';
import { freshName, newHolder } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

const DAY = 86_400_000;

/**
 * Issue 27's listings: a user lists the names it holds on the service's marketplace, changes and cancels them by id,
 * and every read (search, availability, portfolio, browsing) shows the listing from the moment it is made until it
 * is cancelled or its end passes on the registry's clock.
 */
describe('surface A: listings', () => {
  let subject: TestApp;
  let reseller: Partner;

  beforeAll(async () => {
    // the clock moves in the last test: a service of this file's own
    subject = await createTestApp();
    reseller = await newReseller(subject);
  });
  afterAll(() => subject?.close());

  const searchOf = async (agent: Agent, name: string) => {
    const reply = await agent.action('svc_domains_search', { query: name });
    expect(reply.status).toBe(200);
    return reply.body.results.find((result: { name: string }) => result.name === name);
  };
  const portfolioEntryOf = async (holder: Agent, name: string, status = 'all') => {
    const reply = await holder.action('svc_portfolio_list', { searchTerm: name, status });
    expect(reply.status).toBe(200);
    return reply.body.domains.find((domain: { name: string }) => domain.name === name);
  };
  const availabilityOf = async (name: string) =>
    (await reseller.call('GET', `/domains?query=${name}`)).body.items[0].availability;

  it('lists a held name at a price: search, availability, portfolio and domain detail show it at once', async () => {
    const seller = await newHolder(subject, [freshName('sunrise')]);
    const [name] = seller.names;
    const buyer = await newAgent(subject);
    expect(await searchOf(buyer, name)).toMatchObject({
      available: false,
      marketplace: { status: 'registered-not-for-sale', source: 'service' },
    });

    const registry = subject.app.get(SandboxRegistry);
    const before = await registry.now();
    const reply = await seller.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 250_000 }] });
    const after = await registry.now();
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ successCount: 1, failureCount: 0, message: '1 of 1 listing listed' });
    const [result] = reply.body.results;
    expect(result).toMatchObject({ domainName: name, success: true, status: 'active', priceInCents: 250_000 });
    expect(Number.isSafeInteger(result.listingId) && result.listingId > 0).toBe(true);
    // 90 days by default, on the registry's clock
    const expiresAt = Date.parse(result.expiresAt);
    expect(expiresAt >= before + 90 * DAY && expiresAt <= after + 90 * DAY).toBe(true);

    expect(await searchOf(buyer, name)).toMatchObject({
      available: true,
      marketplace: { status: 'registered-listed-for-sale', source: 'service' },
      pricing: { amount: 250_000, formatted: '$2,500.00' },
      product: { type: 'DomainListed', code: 'service-listing-com' },
    });
    expect(await availabilityOf(name)).toMatchObject({
      status: 'AVAILABLE_FROM_SELLER',
      source: 'SERVICE',
      price: { listPrice: { usdCents: 250_000 } },
    });
    expect(await portfolioEntryOf(seller, name, 'for-sale')).toMatchObject({
      listing: { id: result.listingId, price: 250_000, status: 'active', expiresAt: result.expiresAt },
    });
    expect(await portfolioEntryOf(seller, name, 'unlisted')).toBeUndefined();
    const detail = await seller.action('svc_domain_get', { domains: [name] });
    expect(detail.body.domains[0].marketplace.listing).toMatchObject({ id: result.listingId, price: 250_000 });
  });

  it("tells each name's outcome: another's name, a name listed already and broken terms fail, the rest are listed", async () => {
    const seller = await newHolder(subject, [freshName('alpha'), freshName('beta'), freshName('gamma')]);
    const other = await newHolder(subject, [freshName('other')]);
    const [alpha, beta, gamma] = seller.names;
    await seller.action('svc_listing_create', { domains: [{ domainName: alpha, priceInCents: 100 }] });

    const reply = await seller.action('svc_listing_create', {
      domains: [
        { domainName: alpha, priceInCents: 500 },
        { domainName: other.names[0], priceInCents: 500 },
        { domainName: beta, priceInCents: 0, listingSettings: { isOfferFeatureEnabled: false } },
        { domainName: beta, priceInCents: 500, listingSettings: { minOfferAmountInCents: 501 } },
        { domainName: gamma.toUpperCase(), priceInCents: 0, listingSettings: { minOfferAmountInCents: 20_000 } },
        { domainName: 'not a name', priceInCents: 500 },
      ],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ successCount: 1, failureCount: 5 });
    const [again, another, closed, above, offersOnly, broken] = reply.body.results;
    expect(again).toMatchObject({
      domainName: alpha,
      success: false,
      error: expect.stringContaining('listed already'),
    });
    expect(another).toEqual({
      domainName: other.names[0],
      success: false,
      error: `${other.names[0]} is not one of your domains`,
    });
    expect(closed.error).toBe('priceInCents: 0 lists for offers only, which need isOfferFeatureEnabled');
    expect(above.error).toBe('minOfferAmountInCents: no more than the price');
    expect(offersOnly).toMatchObject({ domainName: gamma, success: true, priceInCents: 0 });
    expect(broken).toMatchObject({ domainName: 'not a name', success: false });

    // offers only: listed, but not to be bought as it is
    expect(await searchOf(other, gamma)).toMatchObject({
      available: false,
      marketplace: { status: 'registered-listed-for-offers', source: 'service' },
    });
    expect(await availabilityOf(gamma)).toMatchObject({ status: 'REGISTERED', source: 'SERVICE' });
  });

  it('changes and cancels a listing by id; to another account the id is one that does not exist', async () => {
    const seller = await newHolder(subject, [freshName('change')]);
    const [name] = seller.names;
    const stranger = await newAgent(subject);
    const created = await seller.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 900 }] });
    const { listingId } = created.body.results[0];

    const foreign = await stranger.action('svc_listing_update', { listings: [{ id: listingId, priceInCents: 1 }] });
    expect(foreign.body.results).toEqual([{ listingId, success: false, error: `listing ${listingId} was not found` }]);
    const unknown = await seller.action('svc_listing_update', { listings: [{ id: 1, priceInCents: 1 }] });
    expect(unknown.body.results).toEqual([{ listingId: 1, success: false, error: 'listing 1 was not found' }]);
    expect((await searchOf(stranger, name)).pricing.amount).toBe(900);

    const updated = await seller.action('svc_listing_update', {
      listings: [
        {
          id: listingId,
          priceInCents: 1_200,
          listingSettings: { domainDisplayName: name.toUpperCase() },
          leaseToOwnOptions: { type: 'equal_installments', maxTermLength: 12 },
        },
      ],
    });
    expect(updated.body).toMatchObject({
      successCount: 1,
      results: [{ listingId, domainName: name, priceInCents: 1_200 }],
    });
    expect((await searchOf(stranger, name)).pricing.amount).toBe(1_200);
    const browsed = await reseller.call('GET', `/marketplace/domains/listings?q=${name}`);
    expect(browsed.body.items).toEqual([
      expect.objectContaining({
        domain: name,
        listPrice: { usdCents: 1_200 },
        leaseToOwn: { type: 'equal_installments', maxTermLength: 12, downPaymentPercentage: null },
      }),
    ]);
    const badName = await seller.action('svc_listing_update', {
      listings: [{ id: listingId, listingSettings: { domainDisplayName: 'other.com' } }],
    });
    expect(badName.body.results[0]).toMatchObject({
      success: false,
      error: 'domainDisplayName: the name itself, in other letter case',
    });

    expect((await stranger.action('svc_listing_cancel', { listingIds: [listingId] })).body.results).toEqual([
      { listingId, success: false, error: `listing ${listingId} was not found` },
    ]);
    const cancelled = await seller.action('svc_listing_cancel', { listingIds: [listingId] });
    expect(cancelled.body).toMatchObject({
      successCount: 1,
      results: [{ listingId, domainName: name, success: true, status: 'cancelled' }],
    });
    expect((await searchOf(stranger, name)).marketplace.status).toBe('registered-not-for-sale');
    expect(await portfolioEntryOf(seller, name, 'unlisted')).toMatchObject({ listing: null });
    expect((await reseller.call('GET', `/marketplace/domains/listings?q=${name}`)).body.items).toEqual([]);
    expect((await seller.action('svc_listing_cancel', { listingIds: [listingId] })).body.results[0].success).toBe(
      false,
    );
  });

  it('browses the listings for resellers: by TLD and text, ordered by price or name, a page at a time', async () => {
    const tag = freshName('browse').slice(7, 15);
    const names = [`a${tag}.com`, `b${tag}.net`, `c${tag}.com`, `d${tag}.io`];
    const seller = await newHolder(subject, names);
    const prices = [3_000, 1_000, 2_000, 4_000];
    await seller.action('svc_listing_create', {
      domains: names.map((domainName, index) => ({ domainName, priceInCents: prices[index] })),
    });
    // the seller's portfolio orders by listing price, the unlisted last
    const byPrice = await seller.action('svc_portfolio_list', { orderBy: 'listingPrice', orderDirection: 'desc' });
    expect(byPrice.body.domains.map((domain: { name: string }) => domain.name)).toEqual([
      names[3],
      names[0],
      names[2],
      names[1],
    ]);
    const browse = async (query: string) => {
      const reply = await reseller.call('GET', `/marketplace/domains/listings?q=${tag}&${query}`);
      expect(reply.status).toBe(200);
      return reply.body;
    };
    expect((await browse('orderBy=price')).items.map((item: { domain: string }) => item.domain)).toEqual([
      names[1],
      names[2],
      names[0],
      names[3],
    ]);
    const first = await browse('orderBy=name&orderDirection=DESC&perPage=3');
    expect(first.items.map((item: { domain: string }) => item.domain)).toEqual([names[3], names[2], names[1]]);
    expect(first.next).toEqual({ page: 2, limit: 3 });
    const second = await browse('orderBy=name&orderDirection=DESC&perPage=3&$page=2');
    expect(second).toEqual({ items: [expect.objectContaining({ domain: names[0] })], next: null });
    const com = await browse('tlds=com&orderBy=price');
    expect(com.items.map((item: { domain: string }) => item.domain)).toEqual([names[2], names[0]]);
    expect(com.items[0]).toMatchObject({
      status: 'FOR_SALE',
      listPrice: { usdCents: 2_000 },
      owner: { address: expect.stringMatching(/^sel_[0-9a-f]{32}$/) },
    });
    // the seller's id names it the same everywhere and tells nothing of its account
    expect(com.items[0].owner).toEqual(com.items[1].owner);
    expect(JSON.stringify(com)).not.toContain(seller.accountId.slice(4));

    for (const bad of ['perPage=0', 'perPage=101', '$page=0', 'orderBy=length', 'orderDirection=up', 'perPage=1.5']) {
      const reply = await reseller.call('GET', `/marketplace/domains/listings?${bad}`);
      expect([bad, reply.status]).toEqual([bad, 400]);
    }
  });

  it('ends a listing when its time passes on the registry clock; the name can then be listed again', async () => {
    const seller = await newHolder(subject, [freshName('expiring')]);
    const [name] = seller.names;
    const registry = subject.app.get(SandboxRegistry);
    const twoDays = new Date((await registry.now()) + 2 * DAY).toISOString();
    const created = await seller.action('svc_listing_create', {
      domains: [{ domainName: name, priceInCents: 700, expiresAt: twoDays }],
    });
    expect(created.body.results[0]).toMatchObject({ success: true, expiresAt: twoDays });
    const tooSoon = new Date((await registry.now()) + DAY / 2).toISOString();
    const refused = await seller.action('svc_listing_update', {
      listings: [{ id: created.body.results[0].listingId, expiresAt: tooSoon }],
    });
    expect(refused.body.results[0].error).toBe('expiresAt: 1 to 36500 days from now');

    await registry.advanceClock(3 * DAY);
    expect((await searchOf(seller, name)).marketplace.status).toBe('registered-not-for-sale');
    expect(await portfolioEntryOf(seller, name, 'all')).toMatchObject({ listing: { status: 'expired' } });
    expect((await reseller.call('GET', `/marketplace/domains/listings?q=${name}`)).body.items).toEqual([]);
    const update = await seller.action('svc_listing_update', {
      listings: [{ id: created.body.results[0].listingId, priceInCents: 1 }],
    });
    expect(update.body.results[0].success).toBe(false);
    const again = await seller.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 800 }] });
    expect(again.body.results[0]).toMatchObject({ success: true });
    expect(again.body.results[0].listingId).not.toBe(created.body.results[0].listingId);
  });
});
