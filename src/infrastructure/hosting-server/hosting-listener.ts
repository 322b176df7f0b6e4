import {
  createServer as createHttpServer,
  IncomingMessage,
  request as httpRequest,
  Server,
  ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import { AddressInfo } from 'node:net';
import { createSecureContext, SecureContext } from 'node:tls';
import { forwardedUrlOf } from '../../domain/dns-domains/hosting';
import { OutboundPolicy, outboundHostProblem } from '../../domain/shared/outbound-target';
import { ServedSite } from '../dns-server/served-zone';
import { publicOnlyLookup } from '../webhooks/webhook-sender';

/** Where the hosting listener finds a hosted name's site. */
export interface SiteLookup {
  siteOf(host: string): ServedSite | undefined;
}

/** Headers of one hop only (RFC 9110 §7.6.1): a proxy never passes them on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** An origin that has not answered in this long gets a 504 sent for it. */
const ORIGIN_TIMEOUT_MS = 30_000;

/** Headers without the hop-by-hop ones, those the `Connection` header names included (RFC 9110 §7.6.1). */
const withoutHopByHop = (headers: IncomingMessage['headers']): IncomingMessage['headers'] => {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !named.includes(name.toLowerCase()),
    ),
  );
};

/** What this listener adds to `Via` (RFC 9110 §7.6.3): a request that already carries it came round in a loop. */
const VIA = '1.1 domain-engine-hosting';

const plain = (response: ServerResponse, status: number, text: string): void => {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`${text}\n`);
};

/** A landing page loads nothing and runs nothing: its style is inline, the rest is text. */
const LANDER_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A name's landing page, for any path: the page to GET and HEAD, nothing else. */
const landerPage = (response: ServerResponse, method: string, html: string): void => {
  if (method !== 'GET' && method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    response.end('A landing page is only read.\n');
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'content-security-policy': LANDER_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'public, max-age=60',
  });
  response.end(method === 'HEAD' ? undefined : html);
};

/** The name a request is for: its Host header without the port, lowercase, without a trailing dot. */
const hostOf = (request: IncomingMessage): string =>
  (request.headers.host ?? '').replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();

/**
 * The hosting listener: HTTP and HTTPS (each hosted name's certificate chosen by SNI), routed by `Host`. A redirect
 * answers 301 or 302 to the target with the request's path and query; a reverse proxy passes the request to the
 * target origin and its answer back, status, headers and body, without hop-by-hop headers. A name not hosted here is
 * a 404; an origin that cannot be reached, a 502; a private origin, unless allowed, is never reached.
 */
export class HostingListener {
  private http: Server | undefined;
  private https: Server | undefined;
  private readonly contexts = new Map<string, { pem: string; context: SecureContext }>();

  constructor(
    private readonly sites: SiteLookup,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** Binds HTTP and HTTPS; resolves with their ports (0 takes free ones). */
  async listen(host: string, port: number, tlsPort: number): Promise<{ http: number; https: number }> {
    const handler = (request: IncomingMessage, response: ServerResponse) => this.handle(request, response);
    this.http = createHttpServer(handler);
    this.https = createHttpsServer({ SNICallback: (name, callback) => callback(null, this.contextOf(name)) }, handler);
    for (const server of [this.http, this.https]) {
      // a request the HTTP parser refuses, or a handshake that fails: answered or dropped, never thrown
      server.on('clientError', (_error, socket) => socket.destroy());
    }
    const bound = async (server: Server, at: number) => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(at, host, () => resolve());
      });
      return (server.address() as AddressInfo).port;
    };
    return { http: await bound(this.http, port), https: await bound(this.https, tlsPort) };
  }

  async close(): Promise<void> {
    for (const server of [this.http, this.https]) {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    }
  }

  /** The TLS context of a hosted name with a certificate; none (the handshake fails) for any other name. */
  private contextOf(servername: string): SecureContext | undefined {
    const name = servername.toLowerCase(); // one context per hosted name, however the client spells it
    const certificate = this.sites.siteOf(name)?.certificate;
    if (!certificate) {
      this.contexts.delete(name);
      return undefined;
    }
    const cached = this.contexts.get(name);
    if (cached?.pem === certificate.certificatePem) return cached.context;
    const context = createSecureContext({ cert: certificate.certificatePem, key: certificate.privateKeyPem });
    this.contexts.set(name, { pem: certificate.certificatePem, context });
    return context;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const site = this.sites.siteOf(hostOf(request));
    if (!site) return plain(response, 404, 'No site is hosted at this name.');
    const requested = request.url ?? '';
    // origin-form or absolute-form (RFC 9112 §3.2): `OPTIONS *` names no resource of the site to send anywhere
    if (!requested.startsWith('/') && !/^https?:\/\//i.test(requested))
      return plain(response, 400, 'The request target is not a path.');
    let url: URL;
    try {
      url = new URL(requested, 'http://hosted.invalid');
    } catch {
      return plain(response, 400, 'The request target is not a path.');
    }
    if (site.type === 'LANDER') return landerPage(response, request.method ?? 'GET', site.html ?? '');
    const target = site.exact ? site.targetUrl : forwardedUrlOf(site.targetUrl, url.pathname, url.search);
    if (site.type === 'REDIRECT_301' || site.type === 'REDIRECT_302') {
      response.writeHead(site.type === 'REDIRECT_301' ? 301 : 302, { location: target, 'content-length': '0' });
      response.end();
      return;
    }
    this.proxy(request, response, new URL(target));
  }

  private proxy(request: IncomingMessage, response: ServerResponse, target: URL): void {
    if (outboundHostProblem(target.hostname, this.outbound)) {
      return plain(response, 502, 'The origin of this site is not reachable from here.');
    }
    // a proxy whose origin is a hosted name (itself, or one proxying back) would fan out without end
    if (String(request.headers.via ?? '').includes(VIA)) {
      return plain(response, 508, 'This site proxies to itself.');
    }
    const secure = request.socket && 'encrypted' in request.socket;
    const outgoing = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method: request.method,
      headers: {
        ...withoutHopByHop(request.headers),
        host: target.host,
        'x-forwarded-host': request.headers.host ?? '',
        'x-forwarded-proto': secure ? 'https' : 'http',
        'x-forwarded-for': request.socket.remoteAddress ?? '',
        via: [request.headers.via, VIA].filter(Boolean).join(', '),
      },
      agent: false,
      timeout: ORIGIN_TIMEOUT_MS,
      ...(this.outbound.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    });
    outgoing.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(response);
    });
    outgoing.on('timeout', () => {
      outgoing.destroy();
      if (!response.headersSent) plain(response, 504, 'The origin of this site did not answer in time.');
    });
    outgoing.on('error', () => {
      if (!response.headersSent) plain(response, 502, 'The origin of this site could not be reached.');
      else response.destroy();
    });
    request.pipe(outgoing);
  }
}
