import { randomBytes } from 'node:crypto';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';
import { newReseller, Partner } from '../support/web3-partner';

const ROUNDS = 10;
const owner = { type: 'SELF', contact: { ...ADA_CONTACT, phone: { dialingPrefix: '44', number: '2071234567' } } };
const record = (subName: string) => ({ subName, type: 'A', values: ['192.0.2.1'], ttl: 300 });

/**
 * Read your writes on the lists, through the process the client talks to: an `api` process that runs no read model,
 * beside a `worker` process that runs them all, on one database. Right after a write's answer, with no wait on the
 * engine, the account's operation list, the domain's pending operations and the contact list show what it made.
 */
describe('read your writes: lists right after the answer (surfaces A and D, two processes)', () => {
  let api: TestApp;
  let worker: TestApp;
  let reseller: Partner;
  let agent: Agent;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    worker = await createTestApp({ databaseUrl, role: 'worker' });
    api = await createTestApp({ databaseUrl, role: 'api' });
    reseller = await newReseller(api);
    agent = await newAgent(api);
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
  });

  const listedIds = async (path: string): Promise<string[]> =>
    (await reseller.call('GET', path)).body.items.map((item: { id: string }) => item.id);

  /** Shown among the domain's pending operations, unless it has already finished. */
  const pendingOrFinished = async (name: string, operationId: string): Promise<boolean> =>
    (await listedIds(`/domains/${name}/pending-operations`)).includes(operationId) ||
    ['COMPLETED', 'FAILED', 'CANCELLED'].includes(
      (await reseller.call('GET', `/operations/${operationId}`)).body.status,
    );

  it('lists a registration and a record change from their 201 on, and names in a 409 only what the list shows', async () => {
    const missing: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const name = `ryw${round}x${randomBytes(4).toString('hex')}.com`;
      const registered = await reseller.call('POST', '/domains', { name, owner });
      expect(registered.status).toBe(201);
      const registration = registered.body.operation.id as string;
      if (!(await listedIds('/operations')).includes(registration))
        missing.push(`${name}: registration in /operations`);
      if (!(await pendingOrFinished(name, registration))) missing.push(`${name}: registration pending`);
      await worker.settled();

      const changed = await reseller.call('POST', `/domains/${name}/dns/records`, record('a'));
      expect(changed.status).toBe(201);
      const change = changed.body.operation.id as string;
      const again = await reseller.call('POST', `/domains/${name}/dns/records`, record('b'));
      const listed = await listedIds('/operations');
      if (!listed.includes(change)) missing.push(`${name}: record change in /operations`);
      if (!(await pendingOrFinished(name, change))) missing.push(`${name}: record change pending`);
      if (again.status === 409) {
        expect(again.body.code).toBe('CONCURRENT_OPERATION');
        if (!listed.includes(again.body.context.operationId)) missing.push(`${name}: the 409's operation`);
      } else {
        expect(again.status).toBe(201); // the first change had finished: the domain was free again
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists a contact from the answer of svc_contact_create on', async () => {
    const missing: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const created = await agent.action('svc_contact_create', { ...ADA_CONTACT, email: `ada${round}@example.net` });
      expect(created.status).toBe(200);
      const listed = await agent.action('svc_contacts_list', {});
      const ids = listed.body.contacts.map((contact: { id: string }) => contact.id);
      if (!ids.includes(created.body.contact.id)) missing.push(`contact ${round}`);
    }
    expect(missing).toEqual([]);
  });
});

/**
 * A preview is refused exactly where its commit would be: with the domain held by an operation that cannot finish
 * (the only worker process has stopped), every kind of preview on it is CONCURRENT_OPERATION, as its commit is.
 */
describe('previews while another operation holds the domain (surface D)', () => {
  let api: TestApp;
  let reseller: Partner;
  const name = `rywp${randomBytes(4).toString('hex')}.com`;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const worker = await createTestApp({ databaseUrl, role: 'worker' });
    // nothing runs the read models once the worker stops: answers do not wait for them
    api = await createTestApp({ databaseUrl, role: 'api', env: { READ_YOUR_WRITES_WAIT_MS: '0' } });
    reseller = await newReseller(api);
    expect((await reseller.call('POST', '/domains', { name, owner })).status).toBe(201);
    await worker.settled();
    await worker.close();
  });
  afterAll(() => api?.close());

  it.each([
    ['POST', '/dns/records', record('p')],
    ['POST', '/renewals', { period: 1 }],
    ['PATCH', '', { flags: { DNS_RENEW: { status: 'DISABLED' } } }],
    ['PUT', '/dns/hosting', { type: 'REDIRECT_301', targetUrl: 'https://example.org', subName: 'go' }],
    ['PUT', '/dns/nameservers', { items: ['ns1.example.net', 'ns2.example.net'] }],
    ['POST', '/dns/security', {}],
  ] as const)('%s %s: the preview and the commit are both CONCURRENT_OPERATION', async (method, path, body) => {
    const holding = await reseller.call(
      'POST',
      `/domains/${name}/dns/records`,
      record(`h${randomBytes(3).toString('hex')}`),
    );
    const holder = holding.status === 201 ? holding.body.operation.id : holding.body.context.operationId;
    const outcome = (reply: { status: number; body: { code?: string; context?: { operationId?: string } } }) => [
      reply.status,
      reply.body.code,
      reply.body.context?.operationId,
    ];
    const preview = await reseller.call(method, `/domains/${name}${path}?$preview=true`, body);
    const commit = await reseller.call(method, `/domains/${name}${path}`, body);
    expect(outcome(preview)).toEqual([409, 'CONCURRENT_OPERATION', holder]);
    expect(outcome(commit)).toEqual(outcome(preview));
  });
});
