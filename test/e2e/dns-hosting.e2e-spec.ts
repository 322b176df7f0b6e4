import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, request, Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AddressInfo, connect } from 'node:net';
import { promisify } from 'node:util';
import { EventStore } from '../../src/application/shared/event-store.port';
import { DnsServer } from '../../src/infrastructure/dns-server/dns-server.service';
import { HostingServer } from '../../src/infrastructure/hosting-server/hosting-server.service';
import { LocalCertificateAuthority } from '../../src/infrastructure/hosting-server/local-certificate-authority';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner } from '../support/web3-partner';

const owner = {
  type: 'SELF',
  contact: {
    firstName: 'Tim',
    lastName: 'Berners-Lee',
    email: 'tim@example.net',
    phone: { dialingPrefix: '44', number: '20 7946 0958' },
    street: '1 Web Way',
    city: 'London',
    stateProvince: 'London',
    postalCode: 'EC1A 1BB',
    countryCode: 'GB',
  },
};

interface Answer {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/**
 * Hosting through real HTTP and HTTPS: redirects with the path and query kept, a reverse proxy passing status,
 * headers and body through from a loopback origin, certificates from the local CA served by SNI once issued
 * (PENDING, then ACTIVE), hosted names resolving to the listener, and hosting stopped.
 */
describe('hosting of a reseller’s names', () => {
  let subject: TestApp;
  let reseller: Partner;
  let ports: { http: number; https: number };
  let origin: Server;
  let originPort: number;
  const name = `h${randomBytes(5).toString('hex')}.com`;

  const get = (port: number, host: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const outgoing = request({ port, host: '127.0.0.1', path, headers: { host, ...headers } }, (answer) => {
        let body = '';
        answer.on('data', (chunk) => (body += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, body }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  const completed = async (reply: { status: number; body: { operation: { id: string } } }) => {
    expect(reply.status).toBeLessThan(300);
    expect((await reseller.operation(reply.body.operation.id)).status).toBe('COMPLETED');
  };
  const host = (type: string, targetUrl: string, subName?: string) =>
    reseller.call('PUT', `/domains/${name}/dns/hosting`, { type, targetUrl, ...(subName ? { subName } : {}) });

  beforeAll(async () => {
    subject = await createTestApp();
    reseller = await newReseller(subject);
    ports = subject.app.get(HostingServer).ports!;
    origin = createServer((incoming, answer) => {
      answer.writeHead(207, { 'x-origin': 'yes', 'content-type': 'text/plain', connection: 'close' });
      answer.end(
        `${incoming.method} ${incoming.url} ${incoming.headers['x-test']} ${incoming.headers['x-forwarded-host']}`,
      );
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originPort = (origin.address() as AddressInfo).port;
    await completed(
      await reseller.call('POST', '/domains', {
        name,
        owner,
        dns: { records: [{ subName: 'www', type: 'A', values: ['192.0.2.1'], ttl: 300 }] },
      }),
    );
  });
  afterAll(async () => {
    await subject?.close();
    origin?.close();
  });

  it('redirects with 301 and 302, the path and query kept', async () => {
    await completed(await host('REDIRECT_301', 'https://example.org/base?src=engine', 'go'));
    const moved = await get(ports.http, `go.${name}`, '/a/b?c=1');
    expect([moved.status, moved.headers.location]).toEqual([301, 'https://example.org/base/a/b?src=engine&c=1']);
    await completed(await host('REDIRECT_302', 'https://example.org'));
    const found = await get(ports.http, name, '/welcome?lang=en');
    expect([found.status, found.headers.location]).toEqual([302, 'https://example.org/welcome?lang=en']);
  });

  it('proxies to a loopback origin: status, headers and body through, hop-by-hop headers not', async () => {
    await completed(await host('REVERSE_PROXY', `http://127.0.0.1:${originPort}/app`, 'app'));
    const answer = await get(ports.http, `app.${name}`, '/page?x=1', { 'x-test': 'passed' });
    expect(answer.status).toBe(207);
    expect(answer.headers['x-origin']).toBe('yes');
    expect(answer.headers.connection).not.toBe('close');
    expect(answer.body).toBe(`GET /app/page?x=1 passed app.${name}`);
  });

  it('issues a certificate (PENDING, then ACTIVE) and serves HTTPS with it by SNI', async () => {
    await subject.settled();
    const zoneEvents = (await subject.app.get(EventStore).readStream(`dns-zone-${name}`)).map((event) => event.type);
    const hosted = zoneEvents.lastIndexOf('DnsHostingSet');
    expect(zoneEvents.indexOf('DnsHostingCertificateIssued', hosted)).toBeGreaterThan(hosted); // issued after set
    const listed = (await reseller.call('GET', `/domains/${name}/dns/hosting`)).body.items;
    expect(listed).toEqual([
      {
        '@type': 'domain-engine/partner.v3.DomainHostingDetails',
        type: 'REDIRECT_302',
        targetUrl: 'https://example.org',
        status: 'ACTIVE',
        certificateStatus: 'ACTIVE',
      },
      expect.objectContaining({ subName: 'app', type: 'REVERSE_PROXY', certificateStatus: 'ACTIVE' }),
      expect.objectContaining({ subName: 'go', type: 'REDIRECT_301', certificateStatus: 'ACTIVE' }),
    ]);
    const ca = await subject.app.get(LocalCertificateAuthority).caCertificatePem();
    const answer = await new Promise<Answer & { subject: string }>((resolve, reject) => {
      const outgoing = httpsRequest(
        {
          port: ports.https,
          host: '127.0.0.1',
          servername: `app.${name}`,
          path: '/tls',
          ca,
          headers: { host: `app.${name}` },
        },
        (incoming) => {
          const peer = (
            incoming.socket as unknown as { getPeerCertificate(): { subject: { CN: string } } }
          ).getPeerCertificate();
          let body = '';
          incoming.on('data', (chunk) => (body += chunk));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode!,
              headers: incoming.headers,
              body,
              subject: peer.subject.CN,
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect([answer.status, answer.subject, answer.body]).toEqual([
      207,
      `app.${name}`,
      `GET /app/tls undefined app.${name}`,
    ]);
  });

  it('lists a hosting from the PUT’s answer on: PENDING, then ACTIVE, its certificate PENDING until issued', async () => {
    const store = subject.app.get(EventStore);
    const issuedSince = async (from: number) =>
      (await store.readStream(`dns-zone-${name}`))
        .slice(from)
        .some((event) => event.type === 'DnsHostingCertificateIssued');
    const before = (await store.readStream(`dns-zone-${name}`)).length;
    const put = await host('REDIRECT_302', 'https://example.net/shown', 'shown');
    expect(put.status).toBe(200);
    const seen: string[] = [];
    for (;;) {
      // read as a client polls (each answer awaited before the next), without waiting for the engine
      const items = (await reseller.call('GET', `/domains/${name}/dns/hosting?subName=shown`)).body.items;
      expect(items).toEqual([
        expect.objectContaining({ subName: 'shown', type: 'REDIRECT_302', targetUrl: 'https://example.net/shown' }),
      ]);
      const [{ status, certificateStatus }] = items;
      if (certificateStatus === 'ACTIVE') expect(await issuedSince(before)).toBe(true);
      if (seen.at(-1) !== `${status}/${certificateStatus}`) seen.push(`${status}/${certificateStatus}`);
      if (certificateStatus === 'ACTIVE') break;
    }
    // in this order, each possibly too quick to be seen
    const order = ['PENDING/PENDING', 'ACTIVE/PENDING', 'ACTIVE/ACTIVE'];
    expect(seen.map((step) => order.indexOf(step))).toEqual([...seen.map((step) => order.indexOf(step))].sort());
    expect(seen.every((step) => order.includes(step))).toBe(true);
  });

  it('resolves hosted names to the hosting listener, listed as the hosting’s read-only records', async () => {
    const [address] = (await reseller.call('GET', `/domains/${name}/dns/records?subName=app`)).body.items;
    expect(address).toMatchObject({
      subName: 'app',
      type: 'A',
      values: ['127.0.0.1'],
      readonly: { state: true, reasons: ['HOSTING'] },
    });
    const changed = await reseller.call('PATCH', `/domains/${name}/dns/records/${address.id}`, {
      values: ['192.0.2.9'],
    });
    expect(changed.status).toBe(404);
    const port = subject.app.get(DnsServer).port!;
    const { stdout } = await promisify(execFile)('dig', [
      '@127.0.0.1',
      '-p',
      String(port),
      '+short',
      `app.${name}`,
      'A',
    ]);
    expect(stdout.trim()).toBe('127.0.0.1');
  });

  it('refuses hosting a name whose addresses records give, and records at a hosted name', async () => {
    const taken = await host('REDIRECT_301', 'https://example.org', 'www');
    expect([taken.status, taken.body.code]).toEqual([400, 'VALIDATION']);
    const record = await reseller.call('POST', `/domains/${name}/dns/records`, {
      subName: 'app',
      type: 'CNAME',
      values: ['elsewhere.example.net'],
      ttl: 300,
    });
    expect([record.status, record.body.code]).toEqual([400, 'VALIDATION']);
    const bad = await host('REVERSE_PROXY', 'ftp://example.org', 'files');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION']);
  });

  it('answers 400 to a request target that is no path, and 508 to a site proxying to itself', async () => {
    const rawStatus = (requestLine: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(ports.http, '127.0.0.1', () =>
          socket.write(`${requestLine} HTTP/1.1\r\nhost: app.${name}\r\nconnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('end', () => resolve(text.slice(0, 12)));
        socket.on('error', reject);
      });
    // the origin would answer 207 to anything forwarded to it
    expect(await rawStatus('GET http://[')).toBe('HTTP/1.1 400');
    expect(await rawStatus('OPTIONS *')).toBe('HTTP/1.1 400');
    expect(await rawStatus(`GET http://app.${name}/absolute`)).toBe('HTTP/1.1 207');
    await completed(await host('REVERSE_PROXY', `http://127.0.0.1:${ports.http}/`, 'loop'));
    // the target is the listener itself, asked for the same hosted name: the second pass sees its own Via
    const looped = await get(ports.http, `loop.${name}`, '/', { via: '1.1 domain-engine-hosting' });
    expect(looped.status).toBe(508);
    expect((await get(ports.http, `app.${name}`, '/still')).status).toBe(207); // the listener still serves
  });

  it('stops hosting a name: the listener answers 404 for it', async () => {
    await completed(await reseller.call('DELETE', `/domains/${name}/dns/hosting`, { subName: 'go' }));
    expect((await get(ports.http, `go.${name}`, '/')).status).toBe(404);
    expect((await get(ports.http, 'unknown.example', '/')).status).toBe(404);
  });
});
