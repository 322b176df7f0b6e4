import { randomBytes, randomUUID } from 'node:crypto';
import { routeCatalog } from '../../src/interfaces/http/shared/route-catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, newWeb3Partner, Partner, Reply } from '../support/web3-partner';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Surface D keeps resellers apart: every route of surface D, tried by reseller B with reseller A's name, contact,
 * operation and webhook, answers 404 (told like something that does not exist) or shows B only its own; a web3 key
 * gets 403 on surface D's own paths and surface C's answer, never A's data, on the paths both serve. The table
 * covers every route the service registers for reseller keys. A's name is as A left it afterwards.
 */
describe('reseller API (surface D): isolation between resellers', () => {
  let subject: TestApp;
  let a: Partner;
  let b: Partner;
  let web3: Partner;
  const name = `i${randomBytes(5).toString('hex')}.com`;
  let contactId: string;
  let operationId: string;
  let webhookId: string;
  let recordId: string;

  beforeAll(async () => {
    subject = await createTestApp();
    a = await newReseller(subject, 'Reseller A');
    b = await newReseller(subject, 'Reseller B');
    web3 = await newWeb3Partner(subject);
    const contact = {
      firstName: 'Barbara',
      lastName: 'Liskov',
      email: 'barbara@example.net',
      phone: { dialingPrefix: '1', number: '617 555 0143' },
      street: '1 Substitution Sq',
      city: 'Cambridge',
      stateProvince: 'MA',
      postalCode: '02139',
      countryCode: 'US',
    };
    const registered = await a.call('POST', '/domains', { name, owner: { type: 'SELF', contact } });
    operationId = registered.body.operation.id;
    const done = await a.operation(operationId);
    expect(done.status).toBe('COMPLETED');
    contactId = done.dependencies[0].parameters.contactId;
    const hook = await a.call('POST', '/account/webhooks', { url: 'https://example.com/a', type: 'OPERATION_CREATED' });
    webhookId = (await a.operation(hook.body.operation.id)).dependencies[0].result.id;
    const record = await a.call('POST', `/domains/${name}/dns/records`, { type: 'A', values: ['192.0.2.1'], ttl: 300 });
    recordId = (await a.operation(record.body.operation.id)).dependencies[0].result.id;
  });
  afterAll(() => subject?.close());

  // routes on something of A's: B must get 404, as for something that does not exist
  const ofA: [string, Method, string, unknown][] = [
    ['GET /domains/{name}/renewals', 'GET', '/domains/<NAME>/renewals', undefined],
    ['POST /domains/{name}/renewals', 'POST', '/domains/<NAME>/renewals', { period: 1 }],
    ['POST /domains/{name}/renewals (preview)', 'POST', '/domains/<NAME>/renewals?$preview=true', { period: 1 }],
    ['GET /domains/{name}/dns', 'GET', '/domains/<NAME>/dns', undefined],
    ['GET /domains/{name}/flags', 'GET', '/domains/<NAME>/flags', undefined],
    ['PATCH /domains/{name}/flags', 'PATCH', '/domains/<NAME>/flags', { DNS_RENEW: { status: 'DISABLED' } }],
    ['GET /domains/{name}/dns/contacts', 'GET', '/domains/<NAME>/dns/contacts', undefined],
    ['PATCH /domains/{name}/dns/contacts', 'PATCH', '/domains/<NAME>/dns/contacts', { tech: { id: '<CON>' } }],
    ['PATCH /domains/{name}', 'PATCH', '/domains/<NAME>', { flags: { DNS_DELETE: { status: 'DISABLED' } } }],
    ['GET /domains/{name}/dns/authorization-code', 'GET', '/domains/<NAME>/dns/authorization-code', undefined],
    ['GET /domains/{name}/dns/records', 'GET', '/domains/<NAME>/dns/records', undefined],
    [
      'POST /domains/{name}/dns/records',
      'POST',
      '/domains/<NAME>/dns/records',
      { type: 'TXT', values: ['x'], ttl: 300 },
    ],
    ['PATCH /domains/{name}/dns/records/{id}', 'PATCH', '/domains/<NAME>/dns/records/<RR>', { values: ['192.0.2.2'] }],
    ['DELETE /domains/{name}/dns/records/{id}', 'DELETE', '/domains/<NAME>/dns/records/<RR>', undefined],
    ['GET /domains/{name}/dns/nameservers', 'GET', '/domains/<NAME>/dns/nameservers', undefined],
    ['PUT /domains/{name}/dns/nameservers', 'PUT', '/domains/<NAME>/dns/nameservers', { items: ['ns1.example.net'] }],
    ['DELETE /domains/{name}/dns/nameservers', 'DELETE', '/domains/<NAME>/dns/nameservers', undefined],
    ['GET /domains/{name}/dns/security', 'GET', '/domains/<NAME>/dns/security', undefined],
    ['POST /domains/{name}/dns/security', 'POST', '/domains/<NAME>/dns/security', {}],
    ['DELETE /domains/{name}/dns/security', 'DELETE', '/domains/<NAME>/dns/security', undefined],
    ['GET /domains/{name}/dns/hosting', 'GET', '/domains/<NAME>/dns/hosting', undefined],
    [
      'PUT /domains/{name}/dns/hosting',
      'PUT',
      '/domains/<NAME>/dns/hosting',
      { type: 'REDIRECT_301', targetUrl: 'https://example.com' },
    ],
    ['DELETE /domains/{name}/dns/hosting', 'DELETE', '/domains/<NAME>/dns/hosting', {}],
    ['GET /contacts/{contactId}', 'GET', '/contacts/<CON>', undefined],
    ['GET /operations/{id}', 'GET', '/operations/<OP>', undefined],
    ['GET /operations/{id}/history', 'GET', '/operations/<OP>/history', undefined],
    ['GET /account/webhooks/{id}', 'GET', '/account/webhooks/<WH>', undefined],
    ['GET /account/webhooks/{id}/deliveries', 'GET', '/account/webhooks/<WH>/deliveries', undefined],
    ['DELETE /account/webhooks/{id}', 'DELETE', '/account/webhooks/<WH>', undefined],
  ];
  // routes that answer about anyone's names, or the caller's own things: B sees nothing of A
  const open: [string, Method, string, unknown][] = [
    ['GET /domains', 'GET', '/domains?query=<NAME>&$expand=registration&$expand=flags', undefined],
    ['GET /domains/{name}', 'GET', '/domains/<NAME>?$expand=registration&$expand=flags', undefined],
    [
      'POST /domains',
      'POST',
      '/domains?$preview=true',
      { name: '<NAME>', owner: { type: 'SELF', contact: { id: '<CON>' } } },
    ],
    ['GET /domains/{name}/pending-operations', 'GET', '/domains/<NAME>/pending-operations', undefined],
    [
      'POST /domains/{name}/dns/transfers/inbound-eligibility',
      'POST',
      '/domains/<NAME>/dns/transfers/inbound-eligibility',
      { authorizationCode: 'guess' },
    ],
    ['GET /operations', 'GET', '/operations', undefined],
    ['GET /account', 'GET', '/account', undefined],
    ['GET /account/billing', 'GET', '/account/billing', undefined],
    ['GET /account/billing/transactions', 'GET', '/account/billing/transactions', undefined],
    ['GET /account/domain-registrations', 'GET', '/account/domain-registrations', undefined],
    ['GET /account/webhooks', 'GET', '/account/webhooks', undefined],
    [
      'POST /account/webhooks',
      'POST',
      '/account/webhooks',
      { url: 'https://example.com/b', type: 'OPERATION_CREATED' },
    ],
    ['POST /contacts', 'POST', '/contacts', undefined],
    ['GET /suggestions/domains', 'GET', '/suggestions/domains?query=isolation', undefined],
    ['GET /tlds', 'GET', '/tlds', undefined],
    ['GET /tlds/{tld}', 'GET', '/tlds/com', undefined],
    ['GET /tlds/{tld}/dns/security', 'GET', '/tlds/com/dns/security', undefined],
    ['GET /pricing/dns/tlds', 'GET', '/pricing/dns/tlds', undefined],
    ['GET /pricing/dns/tlds/{tld}', 'GET', '/pricing/dns/tlds/com', undefined],
    ['GET /pricing/dns/domains/{name}', 'GET', '/pricing/dns/domains/<NAME>', undefined],
    ['GET /marketplace/domains/listings', 'GET', '/marketplace/domains/listings?q=<NAME>', undefined],
  ];

  /** The placeholders filled with A's things, or with things nobody has (of the same kinds). */
  const fillings = () => ({
    a: { NAME: name, CON: contactId, OP: operationId, WH: webhookId, RR: recordId },
    nobody: {
      NAME: `nobody${randomBytes(4).toString('hex')}.com`,
      CON: `con_${randomUUID()}`,
      OP: `op-${randomUUID()}`,
      WH: `wh-${randomUUID()}`,
      RR: `rr-${randomUUID()}`,
    },
  });
  const fill = (text: string, values: Record<string, string>) =>
    Object.entries(values).reduce((filled, [key, value]) => filled.replaceAll(`<${key}>`, value), text);
  const call = (caller: Partner, method: Method, path: string, body: unknown, values = fillings().a) =>
    caller.call(
      method,
      fill(path, values),
      body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body), values)),
    );
  /** An answer with the identifiers it was asked with put back as placeholders: what it tells beyond them. */
  const told = (reply: Reply, values: Record<string, string>) => ({
    status: reply.status,
    body: JSON.parse(
      Object.entries(values).reduce(
        (text, [key, value]) => text.replaceAll(value, `<${key}>`),
        JSON.stringify(reply.body),
      ),
    ),
  });
  /** What of A's an answer must never hold: its account, contact, operation, webhook, or its name as its owner's. */
  const holdsNothingOfA = (reply: Reply) => {
    const text = JSON.stringify(reply.body);
    for (const secret of [a.accountId, contactId, operationId, webhookId, recordId]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('"owner":{"type":"SERVICE"');
  };

  it('covers every route served to reseller keys', () => {
    const served = routeCatalog(subject.app)
      .filter((route) => route.access?.surface === 'partner' && route.access.profile === 'reseller')
      .flatMap((route) => route.paths.map((path) => `${route.method} ${path.replace('/partner/v3', '')}`))
      .filter((route) => !route.endsWith('/contacts/verification'));
    const tabled = new Set(
      [...ofA, ...open].map(([route]) => route.replace(/ \(preview\)$/, '').replace(/\{([A-Za-z]+)\}/g, ':$1')),
    );
    expect(served.filter((route) => !tabled.has(route))).toEqual([]);
  });

  it.each(ofA)("B gets 404 on A's %s, told exactly as for something nobody has", async (_route, method, path, body) => {
    const { a: ofA, nobody } = fillings();
    const reply = await call(b, method, path, body, ofA);
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(told(reply, ofA)).toEqual(told(await call(b, method, path, body, nobody), nobody));
  });

  it.each(open)('B sees nothing of A on %s', async (_route, method, path, body) => {
    const { a: ofA, nobody } = fillings();
    const reply = await call(b, method, path, body, ofA);
    expect(reply.status).toBeLessThan(500);
    if (reply.status < 400) holdsNothingOfA(reply);
    // refused (A's contact named in a registration): told exactly as for a contact nobody has
    else expect(told(reply, ofA)).toEqual(told(await call(b, method, path, body, nobody), nobody));
  });

  it.each([...ofA, ...open])(
    'a web3 key gets 403 or surface C, never A’s data, on %s',
    async (_route, method, path, body) => {
      const { a: ofA, nobody } = fillings();
      const reply = await call(web3, method, path, body, ofA);
      expect(reply.status).toBeLessThan(500);
      if (reply.status < 400) holdsNothingOfA(reply);
      // refused: told exactly as for things nobody has
      else expect(told(reply, ofA)).toEqual(told(await call(web3, method, path, body, nobody), nobody));
    },
  );

  it('left A’s name as A had it: its contacts, flags and one registration', async () => {
    const contacts = (await a.call('GET', `/domains/${name}/dns/contacts`)).body;
    expect([contacts.owner.id, contacts.tech.id, contacts.admin.id]).toEqual([contactId, contactId, contactId]);
    const flags = (await a.call('GET', `/domains/${name}/flags`)).body;
    expect([flags.DNS_RENEW.status, flags.DNS_DELETE.status]).toEqual(['ENABLED', 'ENABLED']);
    expect((await a.call('GET', '/account/webhooks')).body.items).toEqual([expect.objectContaining({ id: webhookId })]);
    expect((await b.call('GET', '/account/billing')).body.balanceUsdCents).toBe(0);
  });
});
