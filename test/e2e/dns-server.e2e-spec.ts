import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import * as dnsPacket from 'dns-packet';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { DnsServer } from '../../src/infrastructure/dns-server/dns-server.service';
import { ProjectionStore } from '../../src/application/shared/projection-store.port';
import { DnsZoneRow, dnsZones } from '../../src/projections/dns-zones/dns-zones.projection';
import { eventually } from '../support/eventually';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

const owner = {
  type: 'SELF',
  contact: {
    firstName: 'Paul',
    lastName: 'Mockapetris',
    email: 'paul@example.net',
    phone: { dialingPrefix: '1', number: '310 555 0153' },
    street: '4676 Admiralty Way',
    city: 'Marina del Rey',
    stateProvince: 'CA',
    postalCode: '90292',
    countryCode: 'US',
  },
};
const LONG_TEXT = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;

/**
 * The authoritative DNS server through real DNS clients (node's resolver and `dig`): records created through
 * surface D answered with their TTLs, CNAME chains inside the zone, long TXT values, NXDOMAIN and NODATA with the
 * SOA, answers over TCP, a whole zone by AXFR, REFUSED for names not ours, and changes visible once completed.
 */
describe('the authoritative DNS server', () => {
  let subject: TestApp;
  let reseller: Partner;
  let port: number;
  let resolver: Resolver;
  const name = `d${randomBytes(5).toString('hex')}.com`;

  // run without blocking: the server answering dig lives in this process
  const dig = async (...args: string[]) =>
    (await promisify(execFile)('dig', ['@127.0.0.1', '-p', String(port), '+norec', '+time=2', '+tries=1', ...args]))
      .stdout;
  const digShort = async (...args: string[]) => (await dig('+short', ...args)).trim().split('\n').filter(Boolean);
  const completed = async (reply: { status: number; body: { operation: { id: string } } }) => {
    expect(reply.status).toBeLessThan(300);
    expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
  };
  const batch = (create: object[]) => reseller.call('PATCH', `/domains/${name}`, { records: { create } });

  beforeAll(async () => {
    subject = await createTestApp();
    reseller = await newReseller(subject);
    port = subject.app.get(DnsServer).port!;
    resolver = new Resolver({ timeout: 2000, tries: 1 });
    resolver.setServers([`127.0.0.1:${port}`]);
    await completed(
      await reseller.call('POST', '/domains', {
        name,
        owner,
        dns: { records: [{ type: 'A', values: ['192.0.2.10', '192.0.2.11'], ttl: 600 }] },
      }),
    );
    await completed(
      await batch([
        { subName: 'www', type: 'CNAME', values: [`web.${name}`], ttl: 300 },
        { subName: 'web', type: 'CNAME', values: [`origin.${name}`], ttl: 300 },
        { subName: 'origin', type: 'AAAA', values: ['2001:db8::10'], ttl: 120 },
        { type: 'MX', values: ['10 mail.example.net.', '20 backup.example.net'], ttl: 3600 },
        { type: 'TXT', values: [LONG_TEXT, 'v=spf1 -all'], ttl: 300 },
        { subName: '_sip._tcp', type: 'SRV', values: ['10 60 5060 sip.example.net'], ttl: 300 },
        { type: 'CAA', values: ['0 issue "letsencrypt.org"'], ttl: 300 },
        { subName: '*.shop', type: 'A', values: ['192.0.2.77'], ttl: 300 },
        { subName: 'svc', type: 'HTTPS', values: ['1 . alpn=h2,h3 port=8443'], ttl: 300 },
      ]),
    );
  });
  afterAll(() => subject?.close());

  it('answers the records created through HTTP, with their TTLs', async () => {
    const addresses = await resolver.resolve4(name, { ttl: true });
    expect(addresses.sort((a, b) => a.address.localeCompare(b.address))).toEqual([
      { address: '192.0.2.10', ttl: 600 },
      { address: '192.0.2.11', ttl: 600 },
    ]);
    expect((await resolver.resolveMx(name)).sort((a, b) => a.priority - b.priority)).toEqual([
      { priority: 10, exchange: 'mail.example.net' },
      { priority: 20, exchange: 'backup.example.net' },
    ]);
    expect(await resolver.resolveSrv(`_sip._tcp.${name}`)).toEqual([
      { priority: 10, weight: 60, port: 5060, name: 'sip.example.net' },
    ]);
    expect(await resolver.resolveCaa(name)).toEqual([{ critical: 0, issue: 'letsencrypt.org' }]);
    expect(await resolver.resolveNs(name)).toEqual(['ns1.domain-engine.test', 'ns2.domain-engine.test']);
    expect(await resolver.resolveSoa(name)).toMatchObject({
      nsname: 'ns1.domain-engine.test',
      hostmaster: 'hostmaster.domain-engine.test',
    });
    expect(await digShort(`svc.${name}`, 'HTTPS')).toEqual(['1 . alpn="h2,h3" port=8443']);
  });

  it('follows a CNAME chain inside the zone', async () => {
    expect(await resolver.resolve6(`www.${name}`)).toEqual(['2001:db8::10']);
    const answer = await dig(`www.${name}`, 'AAAA');
    expect(answer).toMatch(new RegExp(`www\\.${name}\\.\\s+300\\s+IN\\s+CNAME\\s+web\\.${name}\\.`));
    expect(answer).toMatch(new RegExp(`web\\.${name}\\.\\s+300\\s+IN\\s+CNAME\\s+origin\\.${name}\\.`));
    expect(answer).toMatch(new RegExp(`origin\\.${name}\\.\\s+120\\s+IN\\s+AAAA\\s+2001:db8::10`));
    expect(answer).toMatch(/flags: qr aa;/);
  });

  it('splits a TXT value over 255 characters into strings and joins back to it', async () => {
    const texts = await resolver.resolveTxt(name);
    expect(texts.map((chunks) => chunks.join('')).sort()).toEqual([LONG_TEXT, 'v=spf1 -all'].sort());
    expect(texts.find((chunks) => chunks.join('') === LONG_TEXT)?.map((chunk) => chunk.length)).toEqual([255, 163]);
  });

  it('answers NXDOMAIN and NODATA with the SOA, and synthesizes wildcards', async () => {
    await expect(resolver.resolve4(`missing.${name}`)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(await dig(`missing.${name}`, 'A')).toMatch(
      /status: NXDOMAIN[\s\S]*AUTHORITY SECTION:\n\S+\s+300\s+IN\s+SOA/,
    );
    await expect(resolver.resolve6(name)).rejects.toMatchObject({ code: 'ENODATA' });
    expect(await dig(name, 'AAAA')).toMatch(
      /status: NOERROR[\s\S]*ANSWER: 0[\s\S]*AUTHORITY SECTION:\n\S+\s+300\s+IN\s+SOA/,
    );
    // `_tcp` exists only as part of `_sip._tcp`: an empty non-terminal is NODATA, not NXDOMAIN
    expect(await dig(`_tcp.${name}`, 'A')).toMatch(/status: NOERROR/);
    expect(await resolver.resolve4(`anything.shop.${name}`)).toEqual(['192.0.2.77']);
  });

  it('answers over TCP, and transfers the whole zone by AXFR', async () => {
    expect((await digShort('+tcp', name, 'A')).sort()).toEqual(['192.0.2.10', '192.0.2.11']);
    const zone = await dig(name, 'AXFR');
    const soas = zone.match(/\sIN\s+SOA\s/g) ?? [];
    expect(soas).toHaveLength(2); // first and last
    for (const expected of [
      /IN\s+NS\s+ns1\.domain-engine\.test/,
      /IN\s+MX\s+20 backup/,
      /\*\.shop\.\S+\s+300\s+IN\s+A/,
    ]) {
      expect(zone).toMatch(expected);
    }
    expect(zone).toMatch(/XFR size: \d+ records/);
  });

  it('refuses names that are not ours, and AXFR over UDP', async () => {
    expect(await dig('example.org', 'A')).toMatch(/status: REFUSED/);
    // dig always transfers over TCP: ask over UDP by hand
    const socket = createSocket('udp4');
    const answered = new Promise<Buffer>((resolve) => socket.once('message', resolve));
    socket.send(dnsPacket.encode({ type: 'query', id: 42, questions: [{ type: 'AXFR', name }] }), port, '127.0.0.1');
    const answer = dnsPacket.decode(await answered);
    socket.close();
    expect([answer.id, answer.flags! & 0x0f, answer.answers]).toEqual([42, 5, []]); // REFUSED
  });

  it('truncates a UDP answer that does not fit and the client retries over TCP', async () => {
    const values = Array.from({ length: 40 }, (_, index) => `198.51.100.${index + 1}`);
    await completed(await batch([{ subName: 'many', type: 'A', values, ttl: 300 }]));
    expect(await dig('+noedns', '+ignore', `many.${name}`, 'A')).toMatch(/flags: qr aa tc;/);
    expect(await resolver.resolve4(`many.${name}`)).toHaveLength(40);
  });

  it('shows a change once its operation completed, and stops answering for a name on hold', async () => {
    await completed(await batch([{ subName: 'fresh', type: 'A', values: ['203.0.113.5'], ttl: 60 }]));
    // the server follows the store's notifications: within a second of the operation completing
    await eventually(async () => expect(await digShort(`fresh.${name}`, 'A')).toEqual(['203.0.113.5']), 1000);
    await completed(await reseller.call('PATCH', `/domains/${name}/flags`, { DNS_RESOLUTION: { status: 'DISABLED' } }));
    await eventually(async () => expect(await dig(name, 'A')).toMatch(/status: REFUSED/), 1000);
    await completed(await reseller.call('PATCH', `/domains/${name}/flags`, { DNS_RESOLUTION: { status: 'ENABLED' } }));
  });

  it('answers from a server started later, on the read model and the changes after it', async () => {
    await subject.settled(); // the read model holds the zone: the new server starts from it
    const snapshot = await subject.app.get(ProjectionStore).snapshot<DnsZoneRow>(dnsZones.name, dnsZones.version);
    expect(snapshot?.rows.map((row) => row.name)).toContain(name);
    const later = await createTestApp({ databaseUrl: subject.databaseUrl, role: 'api' });
    try {
      const port = later.app.get(DnsServer).port!;
      const ask = async (...args: string[]) =>
        (await promisify(execFile)('dig', ['@127.0.0.1', '-p', String(port), '+short', ...args])).stdout.trim();
      expect((await ask(`www.${name}`, 'AAAA')).split('\n')).toEqual([
        `web.${name}.`,
        `origin.${name}.`,
        '2001:db8::10',
      ]);
      await completed(await batch([{ subName: 'later', type: 'TXT', values: ['after the start'], ttl: 60 }]));
      await eventually(async () => expect(await ask(`later.${name}`, 'TXT')).toBe('"after the start"'), 1000);
    } finally {
      await later.close();
    }
  });

  it('stops answering for a name delegated to the customer’s nameservers, and answers again when it is back', async () => {
    await completed(await reseller.call('PUT', `/domains/${name}/dns/nameservers`, { items: ['ns1.example.net'] }));
    await eventually(async () => expect(await dig(name, 'A')).toMatch(/status: REFUSED/), 1000);
    await completed(await reseller.call('DELETE', `/domains/${name}/dns/nameservers`));
    await eventually(
      async () => expect((await digShort(name, 'A')).sort()).toEqual(['192.0.2.10', '192.0.2.11']),
      1000,
    );
  });
});
