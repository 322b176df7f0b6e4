import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomUUID } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { ResellerSettings } from '../../src/application/dns-domains/reseller-settings';
import { DnsServer } from '../../src/infrastructure/dns-server/dns-server.service';
import { newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { hostingGet } from '../support/hosting';
import { codeOf, ReceivedMail, SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

const pushCodeOf = (mail: ReceivedMail): string => {
  const code = /code to confirm the push is (\d{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error(`no push code in mail "${mail.subject}"`);
  return code;
};

/**
 * Issue 28's proof: an MCP client session on the official SDK, for a person who signs up on surface B, buys a name,
 * runs its DNS, hosting and landing page, tags it, turns auto-renewal off and pushes it to another account with the
 * code mailed to them, every step a tool, and every step seen by the other tools and over DNS.
 */
describe('a whole domain life through MCP tools', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;
  let base: string;
  let client: Client;
  let resolver: Resolver;

  beforeAll(async () => {
    await inbox.start();
    subject = await createTestApp({ env: { SMTP_URL: inbox.url } });
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(subject.app.getHttpServer().address() as { port: number }).port}`;
    resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${subject.app.get(DnsServer).port!}`]);
  });
  afterAll(async () => {
    await client?.close();
    await subject?.close();
    await inbox.stop();
  });

  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Answer> => {
    const result = await client.callTool({ name, arguments: args });
    expect([name, result.isError ?? false]).toEqual([name, false]);
    return result.structuredContent as Answer;
  };

  it('signs up, buys, runs DNS, hosting and a landing page, tags, stops auto-renewal and pushes the name', async () => {
    // surface B: the person signs up; the agent acts with the access token it gets
    const email = `mcp-${randomUUID().slice(0, 8)}@example.com`;
    const post = (url: string, payload: object) => subject.app.inject({ method: 'POST', url, payload });
    const started = (await post('/api/oauth/signup', { email, password: 'Session-pass-1!' })).json();
    const tokens = (
      await post('/api/oauth/signup/verify', {
        signup_session_token: started.signup_session_token,
        verification_code: codeOf(await inbox.mailTo(email)),
      })
    ).json();
    client = new Client({ name: 'domain-assistant', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp/v1`), {
        requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } },
      }),
    );
    const { tools } = await client.listTools();
    // the 52 actions of the reference and 5 of ours (three searches, offers, histories)
    expect(tools).toHaveLength(57);
    expect(tools.find((tool) => tool.name === 'svc_dns_record_remove')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });

    // buy a name with a card, for a new contact
    await call('svc_contact_create', ADA_CONTACT);
    const label = `mcp${randomUUID().slice(0, 8)}`;
    const name = `${label}.com`;
    const found = await call('svc_domains_search', { query: label, tlds: ['com'] });
    expect(found.results[0]).toMatchObject({ name, available: true });
    await call('svc_cart_add_domain_registration', { domains: [{ name }] });
    const checkout = await call('svc_cart_checkout', { paymentMethodId: 'pm_card_visa' });
    expect(checkout).toMatchObject({ success: true });
    await subject.settled();
    expect((await call('svc_portfolio_list')).domains.map((domain: Answer) => domain.name)).toEqual([name]);

    // DNS, nameservers, hosting
    const added = await call('svc_dns_record_add', {
      records: [
        { domain: name, type: 'A', subName: 'www', values: ['192.0.2.80'] },
        { domain: name, type: 'TXT', values: ['verified by mcp'] },
      ],
    });
    expect(added.successCount).toBe(2);
    await subject.settled();
    expect(await resolver.resolve4(`www.${name}`)).toEqual(['192.0.2.80']);
    const custom = await call('svc_dns_nameservers_set_custom', {
      domains: [{ name, nameservers: ['ns1.elsewhere.example', 'ns2.elsewhere.example'] }],
    });
    expect(custom.successCount).toBe(1);
    await subject.settled();
    expect((await call('svc_dns_nameservers_list', { domain: name })).isUsingDefaultNameservers).toBe(false);
    await call('svc_dns_nameservers_set_default', { domains: [{ name }] });
    await subject.settled();
    expect((await call('svc_dns_nameservers_list', { domain: name })).isUsingDefaultNameservers).toBe(true);
    const hosted = await call('svc_dns_hosting_add', {
      domains: [{ name, type: 'REDIRECT_301', subName: 'go', targetUrl: 'https://example.org/welcome' }],
    });
    expect(hosted.successCount).toBe(1);
    await subject.settled();
    expect((await call('svc_dns_hosting_list', { domain: name })).configs).toMatchObject([
      { type: 'REDIRECT_301', subName: 'go', status: 'ACTIVE' },
    ]);
    expect(await hostingGet(subject, `go.${name}`, '/x')).toMatchObject({
      status: 301,
      location: 'https://example.org/welcome/x',
    });

    // a landing page at the name itself, read from the hosting listener
    const lander = await call('svc_domain_generate_lander', {
      domains: [{ name }],
      instructions: 'Handmade ceramics from Porto. Studio visits by appointment.',
    });
    expect(lander.successCount).toBe(1);
    await subject.settled();
    expect((await call('svc_domain_lander_status', { domains: [{ name }] })).results[0].status).toBe('hosted');
    const page = await hostingGet(subject, name);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Handmade ceramics from Porto.');
    const [address] = subject.app.get(ResellerSettings).hostingAddresses;
    expect(await resolver.resolve4(name)).toEqual([address]);

    // tags and auto-renewal, as the portfolio shows them
    await call('svc_domain_tags_add', { domains: [name], tags: ['studio'] });
    await call('svc_domain_auto_renewal_update', { action: 'disable', domains: [{ name }] });
    await subject.settled();
    const [held] = (await call('svc_portfolio_list', { tagFilters: ['studio'] })).domains;
    expect(held).toMatchObject({ name, tags: ['studio'], autoRenewal: { status: 'disabled' } });
    expect((await call('svc_domain_pending_operations', { domains: [{ name }] })).summary.totalPendingCount).toBe(0);

    // the push, confirmed with the code mailed to the person
    const friend = await newAgent(subject);
    const asked = await call('svc_domain_push', { domains: [name], targetAccountId: friend.email });
    expect(asked).toMatchObject({ success: false, message: expect.stringMatching(/mailed/) });
    await subject.settled();
    const code = pushCodeOf(await inbox.mailTo(email, (mail) => /confirm the push/.test(mail.raw)));
    const pushed = await call('svc_domain_push', { domains: [name], targetAccountId: friend.email, otpCode: code });
    expect(pushed).toMatchObject({ success: true, pushedDomains: [name], targetAccountId: friend.accountId });
    expect((await call('svc_portfolio_list')).domains).toEqual([]);
    const theirs = (await friend.action('svc_portfolio_list', {})).body.domains;
    expect(theirs.map((domain: Answer) => domain.name)).toEqual([name]);
    // it keeps its DNS, its hosting and its page
    expect(await resolver.resolve4(`www.${name}`)).toEqual(['192.0.2.80']);
    expect(await resolver.resolveTxt(name)).toEqual([['verified by mcp']]);
    expect((await hostingGet(subject, name)).body).toContain('Handmade ceramics from Porto.');
    const records = await friend.action('svc_dns_records_list', { domain: name });
    const own = records.body.records.filter((record: Answer) => !record.readonly);
    expect(own.map((record: Answer) => `${record.subName} ${record.type}`).sort()).toEqual(['@ TXT', 'www A']);
    expect(records.body.records.filter((record: Answer) => record.readonly)).toMatchObject([{ subName: 'go' }]);
  });
});
