import { Resolver } from 'node:dns/promises';
import { ResellerSettings } from '../../src/application/dns-domains/reseller-settings';
import { DnsServer } from '../../src/infrastructure/dns-server/dns-server.service';
import { newAgent } from '../support/agent';
import { hostingGet } from '../support/hosting';
import { freshName, newHolder } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';

/** Issue 28: landing pages made from our templates and the user's words, served by the hosting listener. */
describe('surface A: landing pages', () => {
  let subject: TestApp;
  let resolver: Resolver;

  beforeAll(async () => {
    subject = await createTestApp();
    resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${subject.app.get(DnsServer).port!}`]);
  });
  afterAll(() => subject.close());

  it("serves the page the user's words describe at the name, escaped, and as a file to download", async () => {
    const holder = await newHolder(subject, [freshName('lander')]);
    const [name] = holder.names;
    const instructions =
      'Fresh bread daily in Leeds! Our bakery shop opens at seven.\n\nWarm colours please. <script>alert(1)</script>';
    const made = await holder.action('svc_domain_generate_lander', { domains: [{ name }], instructions });
    expect(made.body).toEqual({
      results: [{ domain: name, success: true, jobId: expect.any(String) }],
      successCount: 1,
      failureCount: 0,
    });
    await subject.settled();
    const status = await holder.action('svc_domain_lander_status', { domains: [{ name }] });
    expect(status.body.results).toEqual([{ domain: name, status: 'hosted', hostingType: 'LANDER' }]);
    const [address] = subject.app.get(ResellerSettings).hostingAddresses;
    expect(await resolver.resolve4(name)).toEqual([address]);

    const served = await hostingGet(subject, name, '/any/path');
    expect(served.status).toBe(200);
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(served.body).toContain(`<h1>${name}</h1>`);
    expect(served.body).toContain('<p class="tagline">Fresh bread daily in Leeds!</p>');
    expect(served.body).toContain('Our bakery shop opens at seven.');
    expect(served.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(served.body).not.toContain('<script>');
    expect(served.body).toContain('content="domain-engine business/sunset"');
    expect(served.body).not.toMatch(/(src|href)="https?:/);

    const downloaded = await holder.action('svc_domain_download_lander', { domains: [{ name }] });
    expect(downloaded.body.results).toEqual([
      { domain: name, success: true, format: 'html', htmlContent: served.body },
    ]);

    // an address of the user's own at the apex wins over the page, which shows again once it goes
    const added = await holder.action('svc_dns_record_add', {
      records: [{ domain: name, type: 'A', values: ['192.0.2.7'] }],
    });
    await subject.settled();
    expect((await holder.action('svc_domain_lander_status', { domains: [{ name }] })).body.results[0]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/address of its own/),
    });
    expect(await resolver.resolve4(name)).toEqual(['192.0.2.7']);
    expect((await hostingGet(subject, name)).status).toBe(404);
    const [{ id }] = (await holder.action('svc_dns_records_list', { domain: name, type: 'A' })).body.records;
    expect(added.body.successCount).toBe(1);
    await holder.action('svc_dns_record_remove', { records: [{ domain: name, recordId: id }] });
    await subject.settled();
    expect((await hostingGet(subject, name)).status).toBe(200);

    const removed = await holder.action('svc_domain_remove_lander', { domains: [{ name }] });
    expect(removed.body.results).toEqual([{ domain: name, success: true }]);
    await subject.settled();
    expect((await holder.action('svc_domain_lander_status', { domains: [{ name }] })).body.results).toEqual([
      { domain: name, status: 'none' },
    ]);
    expect((await hostingGet(subject, name)).status).toBe(404);
    // the name itself is there (its SOA and NS), without an address
    await expect(resolver.resolve4(name)).rejects.toMatchObject({ code: 'ENODATA' });
  });

  it("makes a listed name's page its for-sale page, with its price and the way to buy", async () => {
    const seller = await newHolder(subject, [freshName('lander-sale')]);
    const [name] = seller.names;
    await seller.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 250_000 }] });
    await seller.action('svc_domain_generate_lander', { domains: [{ name }], instructions: 'A dark page.' });
    await subject.settled();
    const served = await hostingGet(subject, name);
    expect(served.status).toBe(200);
    expect(served.body).toContain('$2,500.00');
    expect(served.body).toContain(`/market/${name}">Buy or make an offer</a>`);
    expect(served.body).toContain('content="domain-engine for-sale/dark"');
    // taken down, the listed name is parked on its for-sale page again
    await seller.action('svc_domain_remove_lander', { domains: [{ name }] });
    await subject.settled();
    expect(await hostingGet(subject, name)).toMatchObject({
      status: 302,
      location: expect.stringMatching(`/market/${name}$`),
    });
  });

  it("tells another user nothing of the user's pages", async () => {
    const holder = await newHolder(subject, [freshName('lander-mine')]);
    const [name] = holder.names;
    await holder.action('svc_domain_generate_lander', { domains: [{ name }] });
    const stranger = await newAgent(subject);
    const missing = `domain ${name} was not found`;
    expect((await stranger.action('svc_domain_lander_status', { domains: [{ name }] })).body.results).toEqual([
      { domain: name, status: 'none', error: missing },
    ]);
    for (const action of ['svc_domain_generate_lander', 'svc_domain_download_lander', 'svc_domain_remove_lander']) {
      const answer = await stranger.action(action, { domains: [{ name }] });
      expect([action, answer.body.results]).toEqual([action, [{ domain: name, success: false, error: missing }]]);
    }
    const none = await holder.action('svc_domain_download_lander', { domains: [{ name: freshName('no-lander') }] });
    expect(none.body.results[0]).toMatchObject({ success: false });
  });
});
