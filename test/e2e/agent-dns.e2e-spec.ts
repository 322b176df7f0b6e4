import { Resolver } from 'node:dns/promises';
import { ResellerSettings } from '../../src/application/dns-domains/reseller-settings';
import { DnsServer } from '../../src/infrastructure/dns-server/dns-server.service';
import { newAgent } from '../support/agent';
import { hostingGet } from '../support/hosting';
import { freshName, Holder, newHolder } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';

/** Issue 28, part 1: a user's DNS through the agent actions, served by our DNS server and hosting listener. */
describe('surface A: DNS records, nameservers, hosting, flags and pending operations of the user', () => {
  let subject: TestApp;
  let resolver: Resolver;
  let holder: Holder;
  let name: string;

  beforeAll(async () => {
    subject = await createTestApp();
    resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${subject.app.get(DnsServer).port!}`]);
    holder = await newHolder(subject, [freshName('agent-dns')]);
    [name] = holder.names;
  });
  afterAll(() => subject.close());

  const records = async (body: object = {}) =>
    (await holder.action('svc_dns_records_list', { domain: name, ...body })).body;
  const setOf = async (subName: string, type: string) =>
    (await records()).records.find(
      (record: { subName: string; type: string }) => record.subName === subName && record.type === type,
    );

  it('adds, changes and removes records in one operation per domain, and our nameservers answer them', async () => {
    expect(await records()).toMatchObject({
      domain: name,
      records: [],
      pagination: { hasMore: false, nextCursor: null },
      dnsStatus: { configured: true, provider: 'service' },
    });
    const added = await holder.action('svc_dns_record_add', {
      records: [
        { domain: name, type: 'A', subName: 'www', values: ['192.0.2.10'] },
        { domain: name.toUpperCase(), type: 'TXT', values: ['agent was here'], ttl: 300 },
        { domain: name, type: 'MX', values: ['not a mail exchange'] },
      ],
    });
    // the two good records go together; the bad one is told why and stops nothing
    expect(added.body).toMatchObject({ successCount: 2, failureCount: 1 });
    const [www, txt, mx] = added.body.results;
    expect(www).toEqual({ domain: name, success: true, operationId: expect.any(String), subName: 'www' });
    expect(txt).toMatchObject({ success: true, operationId: www.operationId, subName: '@' });
    expect(mx).toMatchObject({ success: false, error: expect.stringMatching(/values/) });
    await subject.settled();
    expect(await resolver.resolve4(`www.${name}`)).toEqual(['192.0.2.10']);
    expect(await resolver.resolveTxt(name)).toEqual([['agent was here']]);
    const a = await setOf('www', 'A');
    expect(a).toMatchObject({ id: expect.stringMatching(/^rr-/), values: ['192.0.2.10'], ttl: 3600, readonly: false });

    // adding to a name that has records of the type is refused unless the user says how
    const again = await holder.action('svc_dns_record_add', {
      records: [{ domain: name, type: 'A', subName: 'www', values: ['192.0.2.11'] }],
    });
    expect(again.body.results[0]).toMatchObject({ success: false, error: expect.stringMatching(/www/) });
    await holder.action('svc_dns_record_add', {
      records: [{ domain: name, type: 'A', subName: 'www', values: ['192.0.2.11'] }],
      upsertMode: 'append',
    });
    await subject.settled();
    expect((await resolver.resolve4(`www.${name}`)).sort()).toEqual(['192.0.2.10', '192.0.2.11']);

    const updated = await holder.action('svc_dns_record_update', {
      records: [{ domain: name, recordId: a.id, values: ['192.0.2.20'], ttl: 600 }],
    });
    expect(updated.body).toMatchObject({ successCount: 1, results: [{ success: true }] });
    await subject.settled();
    expect(await resolver.resolve4(`www.${name}`)).toEqual(['192.0.2.20']);
    expect(await setOf('www', 'A')).toMatchObject({ id: a.id, values: ['192.0.2.20'], ttl: 600 });

    const removed = await holder.action('svc_dns_record_remove', {
      records: [{ domain: name, recordId: (await setOf('@', 'TXT')).id }],
    });
    expect(removed.body.successCount).toBe(1);
    await subject.settled();
    await expect(resolver.resolveTxt(name)).rejects.toMatchObject({ code: 'ENODATA' });

    // the operations are the user's to follow, the ended ones with them when asked
    const pending = await holder.action('svc_domain_pending_operations', {
      domains: [{ name }],
      includeCompleted: true,
    });
    expect(pending.body).toMatchObject({
      successCount: 1,
      summary: { totalPendingCount: 0, domainsWithPending: [] },
      results: [{ domain: name, success: true, hasPendingOperations: false }],
    });
    const types = pending.body.results[0].operations.map((op: { type: string; status: string }) => [
      op.type,
      op.status,
    ]);
    expect(types).toEqual(
      expect.arrayContaining([
        ['DOMAIN_DNS_RECORD_CREATE', 'COMPLETED'],
        ['DOMAIN_DNS_RECORD_UPDATE', 'COMPLETED'],
        ['DOMAIN_DNS_RECORD_DELETE', 'COMPLETED'],
      ]),
    );
    const running = await holder.action('svc_domain_pending_operations', { domains: [{ name }] });
    expect(running.body.results[0].operations).toEqual([]);
  });

  it('hosts a name below the domain, with its addresses read-only, and stops hosting it', async () => {
    const [address] = subject.app.get(ResellerSettings).hostingAddresses;
    await holder.action('svc_dns_record_add', {
      records: [{ domain: name, type: 'CNAME', subName: 'blog', values: ['elsewhere.example.'] }],
    });
    await subject.settled();
    const added = await holder.action('svc_dns_hosting_add', {
      domains: [
        { name, type: 'REDIRECT_302', subName: 'shop', targetUrl: 'https://shop.example.org/' },
        { name: freshName('not-mine'), type: 'REDIRECT_301', targetUrl: 'https://example.org/' },
      ],
    });
    expect(added.body).toMatchObject({
      successCount: 1,
      results: [
        {
          success: true,
          subName: 'shop',
          config: { type: 'REDIRECT_302', subName: 'shop', targetUrl: 'https://shop.example.org/' },
        },
        { success: false, error: expect.stringMatching(/was not found/) },
      ],
    });
    // a name with addresses of its own is the records' until they go
    const taken = await holder.action('svc_dns_hosting_add', {
      domains: [{ name, type: 'REDIRECT_301', subName: 'blog', targetUrl: 'https://example.org/' }],
    });
    expect(taken.body.results[0]).toMatchObject({ success: false, error: expect.stringMatching(/CNAME/) });
    await subject.settled();
    expect((await holder.action('svc_dns_hosting_list', { domain: name })).body).toEqual({
      domain: name,
      configs: [
        {
          type: 'REDIRECT_302',
          subName: 'shop',
          targetUrl: 'https://shop.example.org/',
          status: 'ACTIVE',
          certificateStatus: expect.stringMatching(/^(PENDING|ACTIVE)$/),
        },
      ],
      pagination: { hasMore: false, nextCursor: null },
    });
    expect(await setOf('shop', 'A')).toMatchObject({ values: [address], readonly: true, readonlyReasons: ['HOSTING'] });
    expect(await resolver.resolve4(`shop.${name}`)).toEqual([address]);
    expect(await hostingGet(subject, `shop.${name}`)).toMatchObject({
      status: 302,
      location: 'https://shop.example.org/',
    });

    // a for-sale page needs a listing
    const unlisted = await holder.action('svc_dns_hosting_add', { domains: [{ name, type: 'LISTING_PAGE' }] });
    expect(unlisted.body.results[0]).toMatchObject({ success: false, error: expect.stringMatching(/not listed/) });

    const unconfirmed = await holder.action('svc_dns_hosting_remove', { domains: [{ name, deleteAll: true }] });
    expect(unconfirmed.body.results[0]).toMatchObject({ success: false, error: expect.stringMatching(/confirm/) });
    const removed = await holder.action('svc_dns_hosting_remove', {
      domains: [{ name, deleteAll: true }],
      confirmDeleteAll: true,
    });
    expect(removed.body.results[0]).toMatchObject({ success: true, subName: 'shop', deletedAll: true });
    await subject.settled();
    expect((await holder.action('svc_dns_hosting_list', { domain: name })).body.configs).toEqual([]);
    expect(await hostingGet(subject, `shop.${name}`)).toMatchObject({ status: 404 });
  });

  it('serves a listed name its for-sale page when asked', async () => {
    const seller = await newHolder(subject, [freshName('agent-lander')]);
    const [listed] = seller.names;
    await seller.action('svc_listing_create', { domains: [{ domainName: listed, priceInCents: 50_000 }] });
    // an address of its own at the apex: not parked, so the page is there only as asked
    await seller.action('svc_dns_record_add', { records: [{ domain: listed, type: 'A', values: ['192.0.2.1'] }] });
    await subject.settled();
    const added = await seller.action('svc_dns_hosting_add', {
      domains: [{ name: listed, type: 'LISTING_PAGE', subName: 'buy' }],
    });
    expect(added.body.results[0]).toMatchObject({
      success: true,
      config: { type: 'LISTING_PAGE', subName: 'buy', targetUrl: expect.stringMatching(`/market/${listed}$`) },
    });
    await subject.settled();
    const page = (await seller.action('svc_dns_hosting_list', { domain: listed })).body.configs;
    expect(page).toMatchObject([{ type: 'LISTING_PAGE', subName: 'buy', status: 'ACTIVE' }]);
    // the page itself, whatever path the visitor asked for
    expect(await hostingGet(subject, `buy.${listed}`, '/anything?x=1')).toMatchObject({
      status: 302,
      location: expect.stringMatching(`/market/${listed}$`),
    });
  });

  it('changes flags once, telling which changed, and delegates to other nameservers and back', async () => {
    // a new name's registrant is hidden by default: shown on demand
    const flags = { DNS_WHOIS_PROXY: { status: 'DISABLED' } };
    const first = await holder.action('svc_domain_flags_update', { domains: [name], flags });
    expect(first.body).toMatchObject({
      successCount: 1,
      results: [{ domain: name, success: true, operationId: expect.any(String), updatedFlags: ['DNS_WHOIS_PROXY'] }],
    });
    await subject.settled();
    const second = await holder.action('svc_domain_flags_update', { domains: [name], flags });
    expect(second.body.results).toEqual([{ domain: name, success: true, updatedFlags: [] }]);
    const [detail] = (await holder.action('svc_domain_get', { domains: [name] })).body.domains;
    expect(detail.flags.DNS_WHOIS_PROXY).toEqual({ status: 'DISABLED' });
    // a new name's transfer lock is the registry's for 60 days
    const unlock = await holder.action('svc_domain_flags_update', {
      domains: [name],
      flags: { DNS_TRANSFER_OUT: { status: 'ENABLED' } },
    });
    expect(unlock.body.results[0]).toMatchObject({ success: false, error: expect.stringMatching(/DNS_TRANSFER_OUT/) });

    const ours = await holder.action('svc_dns_nameservers_list', { domain: name });
    expect(ours.body).toMatchObject({ domain: name, isUsingDefaultNameservers: true, dnssec: { enabled: false } });
    const custom = ['ns1.elsewhere.example', 'ns2.elsewhere.example'];
    const set = await holder.action('svc_dns_nameservers_set_custom', {
      domains: [{ name, nameservers: custom }],
    });
    expect(set.body.results[0]).toMatchObject({ success: true, nameservers: custom, hasDnssec: false });
    await subject.settled();
    expect((await holder.action('svc_dns_nameservers_list', { domain: name })).body).toMatchObject({
      nameservers: custom,
      isUsingDefaultNameservers: false,
    });
    expect((await records()).dnsStatus).toMatchObject({ configured: true, provider: 'external' });
    const back = await holder.action('svc_dns_nameservers_set_default', { domains: [{ name }] });
    expect(back.body.results[0]).toMatchObject({ success: true, nameservers: ours.body.nameservers });
    await subject.settled();
    expect((await holder.action('svc_dns_nameservers_list', { domain: name })).body).toMatchObject({
      nameservers: ours.body.nameservers,
      isUsingDefaultNameservers: true,
    });
    expect(await resolver.resolve4(`www.${name}`)).toEqual(['192.0.2.20']);
  });

  it('removes every record of a domain when confirmed', async () => {
    const removed = await holder.action('svc_dns_records_remove_all', {
      domains: [{ name }],
      confirmDeleteAll: true,
    });
    expect(removed.body.results[0]).toMatchObject({ success: true, deletedAll: true, operationId: expect.any(String) });
    await subject.settled();
    expect((await records()).records).toEqual([]);
    await expect(resolver.resolve4(`www.${name}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const nothingLeft = await holder.action('svc_dns_records_remove_all', {
      domains: [{ name }],
      confirmDeleteAll: true,
    });
    expect(nothingLeft.body.results).toEqual([{ domain: name, success: true, deletedAll: true }]);
  });

  it("tells the user its domain's history, its own changes and the service's, and another user nothing", async () => {
    const history = await holder.action('svc_history_get', { subject: 'domain', id: name });
    expect(history.body).toMatchObject({ subject: 'domain', id: name, truncated: false });
    const events = history.body.events as { type: string; actor: string; stream: string; data: object }[];
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['DnsRegistrationRequested', 'DnsDomainRegistered', 'DnsRecordsChanged']),
    );
    const changed = events.find((event) => event.type === 'DnsRecordsChanged')!;
    expect(changed.stream).toBe('dns-zone');
    expect(events.find((event) => event.type === 'DnsZoneOpened')?.actor).toBe('service');
    expect(events.some((event) => event.actor.startsWith('credential:api_key:'))).toBe(true);
    expect(JSON.stringify(events)).not.toMatch(/sealed|Digest/);
    const stranger = await newAgent(subject);
    const refused = await stranger.action('svc_history_get', { subject: 'domain', id: name });
    expect(refused).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: `domain ${name} was not found` },
    });
  });

  it("tells another user nothing of the user's names: as for a name nobody holds", async () => {
    const stranger = await newAgent(subject);
    const nobodys = freshName('nobodys');
    for (const domain of [name, nobodys]) {
      const read = await stranger.action('svc_dns_records_list', { domain });
      // a thing the action did not find is not_found; unknown_action is kept for a path no action answers
      expect(read).toMatchObject({
        status: 404,
        body: { error: 'not_found', message: `domain ${domain} was not found` },
      });
      const write = await stranger.action('svc_dns_record_add', {
        records: [{ domain, type: 'A', values: ['192.0.2.66'] }],
      });
      expect(write.body.results).toEqual([
        { domain, success: false, error: `domain ${domain} was not found`, subName: '@' },
      ]);
      const flags = await stranger.action('svc_domain_flags_update', {
        domains: [domain],
        flags: { DNS_WHOIS_PROXY: { status: 'DISABLED' } },
      });
      expect(flags.body.results).toEqual([{ domain, success: false, error: `domain ${domain} was not found` }]);
    }
    const pending = await stranger.action('svc_domain_pending_operations', { domains: [{ name }] });
    expect(pending.body.results).toEqual([{ domain: name, success: false, error: `domain ${name} was not found` }]);
  });
});
