import { randomUUID } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { EventStore } from '../../src/application/shared/event-store.port';
import { domainActivityStream } from '../../src/domain/operations/domain-activity';
import { DnsServer } from '../../src/infrastructure/dns-server/dns-server.service';
import { Agent, newAgent } from '../support/agent';
import { freshName, newHolder } from '../support/market';
import { ReceivedMail, SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';

const pushCodeOf = (mail: ReceivedMail): string => {
  const code = /code to confirm the push is (\d{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error(`no push code in mail "${mail.subject}"`);
  return code;
};

/** Issue 28: a user moves names to another user's account, confirmed by a code mailed to it. */
describe('surface A: svc_domain_push', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;
  let resolver: Resolver;

  beforeAll(async () => {
    await inbox.start();
    subject = await createTestApp({ env: { SMTP_URL: inbox.url } });
    resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${subject.app.get(DnsServer).port!}`]);
  });
  afterAll(async () => {
    await subject.close();
    await inbox.stop();
  });

  const portfolioOf = async (agent: Agent) =>
    (await agent.action('svc_portfolio_list', { orderBy: 'name' })).body.domains.map((d: { name: string }) => d.name);

  it('mails a code for the push asked, moves the names with it once, and they keep their DNS', async () => {
    const pusher = await newHolder(subject, [freshName('push-a'), freshName('push-b'), freshName('push-listed')]);
    const [a, b, listed] = pusher.names;
    const receiver = await newAgent(subject);
    await pusher.action('svc_dns_record_add', { records: [{ domain: a, type: 'A', values: ['192.0.2.44'] }] });
    await pusher.action('svc_listing_create', { domains: [{ domainName: listed, priceInCents: 10_000 }] });
    await subject.settled();
    const domains = [a, b.toUpperCase(), listed, freshName('not-mine'), 'no name'];
    const ask = { domains, targetAccountId: receiver.email };

    const first = await pusher.action('svc_domain_push', ask);
    expect(first.body).toEqual({
      success: false,
      pushedDomains: [],
      targetAccountId: receiver.accountId,
      failedDomains: [
        { domain: 'no name', reason: 'not_owned', message: 'no name is not a domain name' },
        { domain: listed, reason: 'ineligible', message: expect.stringMatching(/listed for sale/) },
        { domain: domains[3], reason: 'not_owned', message: expect.stringMatching(/not in this account/) },
      ],
      message: expect.stringMatching(/^a 6-digit code was mailed to a\*\*\*@.+ otpCode/),
    });
    await subject.settled();
    const mail = await inbox.mailTo(pusher.email, (sent) => /confirm the push/.test(sent.raw));
    expect(mail.subject).not.toMatch(/\d{6}/);
    const code = pushCodeOf(mail);
    // asking again sends no second mail: the code mailed is still the one
    const again = await pusher.action('svc_domain_push', ask);
    expect(again.body.message).toMatch(/mailed to .* already/);

    // the code confirms this push only: not another account, not other names
    const third = await newAgent(subject);
    const elsewhere = await pusher.action('svc_domain_push', {
      domains: [a, b],
      targetAccountId: third.accountId,
      otpCode: code,
    });
    expect(elsewhere.body).toMatchObject({ success: false, message: expect.stringMatching(/code was mailed/) });
    // the request for the third account mailed a code that replaced the first: asked again, this push gets a third
    const confirmedOther = await pusher.action('svc_domain_push', { ...ask, otpCode: code });
    expect(confirmedOther.body).toMatchObject({ success: false, message: expect.stringMatching(/code was mailed/) });
    await subject.settled();
    const pushMails = () =>
      inbox.mails.filter((sent) => sent.to.includes(pusher.email) && /confirm the push/.test(sent.raw));
    await inbox.mailTo(pusher.email, () => pushMails().length === 3);
    const latest = pushMails().at(-1)!;
    const wrong = String((Number(pushCodeOf(latest)) + 1) % 1_000_000).padStart(6, '0');
    expect((await pusher.action('svc_domain_push', { ...ask, otpCode: wrong })).body).toMatchObject({
      success: false,
      message: expect.stringMatching(/not the one mailed for this push: try again/),
    });

    const pushed = await pusher.action('svc_domain_push', { ...ask, otpCode: pushCodeOf(latest) });
    expect(pushed.body).toMatchObject({
      success: true,
      pushedDomains: [a, b].sort(),
      targetAccountId: receiver.accountId,
      failedDomains: expect.arrayContaining([expect.objectContaining({ domain: listed, reason: 'ineligible' })]),
    });
    expect(await portfolioOf(receiver)).toEqual([a, b].sort());
    expect(await portfolioOf(pusher)).toEqual([listed]);
    // the receiver runs their DNS now; what they answered goes on being answered
    expect(await resolver.resolve4(a)).toEqual(['192.0.2.44']);
    const records = await receiver.action('svc_dns_records_list', { domain: a });
    expect(records.body.records).toMatchObject([{ type: 'A', values: ['192.0.2.44'] }]);
    expect((await pusher.action('svc_dns_records_list', { domain: a })).status).toBe(404);

    // the code moved its names once: the same request again is a new push, of names no longer the pusher's
    const replayed = await pusher.action('svc_domain_push', { ...ask, otpCode: pushCodeOf(latest) });
    expect(replayed.body.pushedDomains).toEqual([]);
    expect(replayed.body.failedDomains.map((failed: { reason: string }) => failed.reason)).toEqual([
      'not_owned',
      'not_owned',
      'not_owned',
      'ineligible',
      'not_owned',
    ]);
  });

  it('goes only to another user account, found by its id or its address', async () => {
    const pusher = await newHolder(subject, [freshName('push-self')]);
    const [name] = pusher.names;
    for (const targetAccountId of [pusher.accountId, pusher.email]) {
      const self = await pusher.action('svc_domain_push', { domains: [name], targetAccountId });
      expect(self.body).toMatchObject({ success: false, message: expect.stringMatching(/this account’s already/) });
    }
    for (const targetAccountId of ['acc-3b241101-e2bb-4255-8caf-4136c566a962', 'nobody@example.org']) {
      const none = await pusher.action('svc_domain_push', { domains: [name], targetAccountId });
      expect(none.body).toMatchObject({
        success: false,
        message: 'there is no user account to push to by that id or email',
      });
    }
  });

  it('gives up on a code after five wrong tries: a new one must be asked for', async () => {
    const pusher = await newHolder(subject, [freshName('push-tries')]);
    const receiver = await newAgent(subject);
    const ask = { domains: pusher.names, targetAccountId: receiver.accountId };
    await pusher.action('svc_domain_push', ask);
    await subject.settled();
    const code = pushCodeOf(await inbox.mailTo(pusher.email, (sent) => /confirm the push/.test(sent.raw)));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let n = 0; n < 4; n++) await pusher.action('svc_domain_push', { ...ask, otpCode: wrong });
    const last = await pusher.action('svc_domain_push', { ...ask, otpCode: wrong });
    expect(last.body.message).toMatch(/no tries are left/);
    const tooLate = await pusher.action('svc_domain_push', { ...ask, otpCode: code });
    expect(tooLate.body).toMatchObject({ success: false, message: expect.stringMatching(/code was mailed/) });
    expect(await portfolioOf(receiver)).toEqual([]);
  });

  it('moves nothing when an operation starts on a name while the push is decided, and the code stays good', async () => {
    const pusher = await newHolder(subject, [freshName('push-race')]);
    const [name] = pusher.names;
    const receiver = await newAgent(subject);
    const ask = { domains: [name], targetAccountId: receiver.accountId };
    await pusher.action('svc_domain_push', ask);
    await subject.settled();
    const code = pushCodeOf(await inbox.mailTo(pusher.email, (sent) => /confirm the push/.test(sent.raw)));
    // another request opens an operation on the name after the push read its facts, just before it appends
    const store = subject.app.get(EventStore);
    const append = store.append.bind(store);
    const activity = (type: string) => [
      {
        streamId: domainActivityStream(name),
        expectedVersion: 'any' as const,
        events: [
          { type, data: { domain: name, operationId: 'op-racing', accountId: pusher.accountId, at: Date.now() } },
        ],
      },
    ];
    const meta = () => ({ commandId: randomUUID(), correlationId: 'race', causationId: 'race', accountId: null });
    let raced = false;
    const appends = jest.spyOn(store, 'append').mockImplementation(async (writes, metadata) => {
      const pushing = writes.some((write) => write.events.some((event) => event.type === 'PushCodeUsed'));
      if (pushing && !raced) {
        raced = true;
        await append(activity('DomainOperationStarted'), meta());
      }
      return append(writes, metadata);
    });
    try {
      const refused = await pusher.action('svc_domain_push', { ...ask, otpCode: code });
      expect(raced).toBe(true);
      expect(refused.body).toMatchObject({
        success: false,
        pushedDomains: [],
        failedDomains: [{ domain: name, reason: 'pending_push', message: expect.stringMatching(/operation running/) }],
        message: expect.stringMatching(/nothing was pushed, and the code is still good/),
      });
    } finally {
      appends.mockRestore();
    }
    expect(await portfolioOf(pusher)).toEqual([name]);
    expect(await portfolioOf(receiver)).toEqual([]);
    // once the operation ends, the same code moves the name
    await append(activity('DomainOperationReleased'), meta());
    const pushed = await pusher.action('svc_domain_push', { ...ask, otpCode: code });
    expect(pushed.body).toMatchObject({ success: true, pushedDomains: [name] });
    expect(await portfolioOf(receiver)).toEqual([name]);
  });
});
