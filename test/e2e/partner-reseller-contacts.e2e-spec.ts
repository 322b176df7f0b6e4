import { loadStream } from '../../src/application/shared/handle-command';
import { EventStore } from '../../src/application/shared/event-store.port';
import { registryContactDecider, registryContactStream } from '../../src/domain/registry/registry-contact';
import { verificationPathIn } from '../support/contact-mail';
import { SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

/**
 * Surface D's contacts through HTTP: created usable at once, created at the registry by their operation, sent a
 * verification mail over SMTP whose link, served by the service, verifies them; other accounts see none of them.
 */
describe('reseller contacts (surface D)', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;
  let reseller: Partner;
  let other: Partner;
  beforeAll(async () => {
    await inbox.start();
    subject = await createTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_URL: 'https://domains.example' } });
    reseller = await newReseller(subject);
    other = await newReseller(subject, 'Other reseller');
  });
  afterAll(async () => {
    await subject?.close();
    await inbox.stop();
  });

  const ada = (email: string) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    phone: { dialingPrefix: '+44', number: '20 7123 4567' },
    street: '1 Analytical Row',
    city: 'London',
    stateProvince: 'Greater London',
    postalCode: 'n1 9gu',
    countryCode: 'GB',
  });
  const linkIn = (raw: string): string => verificationPathIn(raw, 'https://domains.example');

  it('creates a contact usable at once, at the registry once its operation completes, and verifies it by mail', async () => {
    const created = await reseller.call('POST', '/contacts', ada('ada@example.net'));
    expect(created.status).toBe(201);
    const operation = created.body.operation;
    expect(operation).toMatchObject({
      '@type': 'domain-engine/partner.v3.Operation',
      type: 'CONTACT_CREATE',
      status: 'QUEUED',
      dependencies: [
        {
          type: 'CONTACT_CREATE',
          status: 'QUEUED',
          parameters: { purposes: ['OWNER', 'ADMIN', 'TECH', 'BILLING'], contactId: expect.stringMatching(/^con_/) },
        },
      ],
    });
    const contactId: string = operation.dependencies[0].parameters.contactId;
    const stored = await reseller.call('GET', `/contacts/${contactId}`);
    expect(stored.body).toEqual({
      '@type': 'domain-engine/partner.v3.Contact',
      id: contactId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      countryCode: 'GB',
      street: '1 Analytical Row',
      city: 'London',
      postalCode: 'N1 9GU',
      stateProvince: 'Greater London',
      phone: { number: '20 7123 4567', dialingPrefix: '44' },
      email: 'ada@example.net',
      verification: { status: 'REQUESTED', timestamp: expect.any(Number) },
    });

    const done = await reseller.operation(operation.id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      dependencies: [{ status: 'COMPLETED', result: { id: contactId } }],
    });
    const atRegistry = await loadStream(
      subject.app.get(EventStore),
      registryContactStream(contactId),
      registryContactDecider,
    );
    expect(atRegistry.state).toMatchObject({ status: 'CREATED', sponsor: 'domain-engine' });

    const mail = await inbox.mailTo('ada@example.net');
    expect(mail.subject).toBe('Confirm your contact details');
    const link = linkIn(mail.raw);
    const page = await subject.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('confirmed');
    expect((await reseller.call('GET', `/contacts/${contactId}`)).body.verification.status).toBe('VERIFIED');
    // opened again: still confirmed, nothing new
    expect((await subject.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });

  it('answers a link whose secret is wrong with a page that says so, and verifies nothing', async () => {
    const created = await reseller.call('POST', '/contacts', ada('grace@example.net'));
    const contactId: string = created.body.operation.dependencies[0].parameters.contactId;
    const link = linkIn((await inbox.mailTo('grace@example.net')).raw);
    const forged = `${link.slice(0, -4)}AAAA`;
    const page = await subject.app.inject({ method: 'GET', url: forged });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('not valid');
    expect((await reseller.call('GET', `/contacts/${contactId}`)).body.verification.status).toBe('REQUESTED');
  });

  it('previews a contact without storing it, mailing it, or creating it at the registry', async () => {
    const preview = await reseller.call('POST', '/contacts?$preview=true', ada('preview@example.net'));
    expect(preview.status).toBe(201);
    expect(preview.body.operation.status).toBe('PREVIEW');
    const contactId: string = preview.body.operation.dependencies[0].parameters.contactId;
    await subject.settled();
    expect((await reseller.call('GET', `/contacts/${contactId}`)).status).toBe(404);
    expect(inbox.mails.filter((mail) => mail.to.includes('preview@example.net'))).toEqual([]);
    const atRegistry = await loadStream(
      subject.app.get(EventStore),
      registryContactStream(contactId),
      registryContactDecider,
    );
    expect(atRegistry.state).toEqual({ status: 'NONE' });
  });

  it('lists operations newest first in pages of an integer cursor that never split a millisecond', async () => {
    const lister = await newReseller(subject, 'Busy reseller');
    const created: string[] = [];
    for (let batch = 0; batch < 6; batch += 1) {
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => lister.call('POST', '/contacts?$preview=true', ada('busy@example.net'))),
      );
      created.push(...replies.map((reply) => reply.body.operation.id as string));
    }
    await lister.call('POST', '/contacts', ada('busy@example.net'));
    await subject.settled(); // the list is a read model
    const seen: string[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    do {
      const reply = await lister.call('GET', `/operations?status=PREVIEW${cursor ? `&$cursor=${cursor}` : ''}`);
      expect(reply.status).toBe(200);
      const times = reply.body.items.map((item: { createdAtTimestamp: number }) => item.createdAtTimestamp);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      seen.push(...reply.body.items.map((item: { id: string }) => item.id));
      pages.push(reply.body.items.length);
      cursor = reply.body.next === null ? null : reply.body.next.$cursor;
      expect(cursor === null || /^[0-9]+$/.test(cursor)).toBe(true);
    } while (cursor !== null);
    expect(pages.length).toBeGreaterThan(1);
    expect(seen.sort()).toEqual(created.sort());
    const committed = await lister.call('GET', '/operations?type=CONTACT_CREATE&status=QUEUED&status=COMPLETED');
    expect(committed.body.items).toHaveLength(1);
    expect(committed.body.items[0]).toEqual({
      '@type': 'domain-engine/partner.v3.OperationMinimal',
      id: expect.stringMatching(/^op-/),
      status: expect.stringMatching(/^(QUEUED|PROCESSING|COMPLETED)$/),
      type: 'CONTACT_CREATE',
      createdAtTimestamp: expect.any(Number),
      lastUpdatedTimestamp: expect.any(Number),
    });
    expect((await lister.call('GET', '/operations?$cursor=abc')).status).toBe(400);
    expect((await lister.call('GET', '/operations?type=DOMAIN_CLAIM')).status).toBe(400);
  });

  it('refuses invalid contacts with one entry per problem, and stores nothing', async () => {
    const reply = await reseller.call('POST', '/contacts', {
      ...ada('bad@example.net'),
      phone: { dialingPrefix: '+1', number: '0000000000' },
      countryCode: 'US',
      stateProvince: 'Texas',
      postalCode: '7330',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('MULTIPLE_ERRORS');
    expect(reply.body.errors.map((error: { message: string }) => error.message.split(':')[0])).toEqual([
      'phone',
      'stateProvince',
      'postalCode',
    ]);
    await subject.settled();
    expect(inbox.mails.filter((mail) => mail.to.includes('bad@example.net'))).toEqual([]);
  });

  it("shows no account another account's contact, and answers it like one that does not exist", async () => {
    const created = await reseller.call('POST', '/contacts', ada('private@example.net'));
    const contactId: string = created.body.operation.dependencies[0].parameters.contactId;
    const theirs = await other.call('GET', `/contacts/${contactId}`);
    const missing = await other.call('GET', `/contacts/con_00000000-0000-4000-8000-000000000000`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe(missing.body.code);
    expect(JSON.stringify(theirs.body)).not.toContain('private@');
    expect((await other.call('GET', `/operations/${created.body.operation.id}`)).status).toBe(404);
  });
});
