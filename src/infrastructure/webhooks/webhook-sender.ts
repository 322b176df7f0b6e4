import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { ClientRequest, IncomingMessage, request as httpRequest, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LookupFunction } from 'node:net';
import { isPrivateAddress, OutboundPolicy, outboundHostProblem } from '../../domain/shared/outbound-target';

export interface WebhookPost {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The receiver's status code, or why there was none (refused target, connection error, time-out). */
export interface PostAnswer {
  readonly statusCode: number | null;
  readonly error: string | null;
}

/**
 * Resolves like the system resolver but refuses a name with any private address, and connects to the address it
 * checked: checking a name first and letting the request resolve it again would let DNS answer differently the
 * second time.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    const done = callback as (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    if (error) return done(error, '');
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return done(
        Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATETARGET' }),
        '',
      );
    }
    if (options.all) return done(null, addresses);
    return done(null, addresses[0].address, addresses[0].family);
  });
};

/**
 * POSTs a delivery to the URL as registered and answers with the status once the response starts; its body is
 * discarded. No redirect is followed and no connection is kept: each attempt stands alone.
 */
export const postWebhook = (
  post: WebhookPost,
  options: { timeoutMs: number; outbound: OutboundPolicy },
): Promise<PostAnswer> =>
  new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(post.url);
    } catch {
      return resolve({ statusCode: null, error: 'the URL is not valid' });
    }
    const refused = outboundHostProblem(target.hostname, options.outbound);
    if (refused) return resolve({ statusCode: null, error: `the target ${refused}` });
    const body = Buffer.from(post.body, 'utf8');
    const settings: RequestOptions = {
      method: 'POST',
      headers: { ...post.headers, 'content-length': String(body.length) },
      agent: false,
      ...(options.outbound.allowPrivate ? {} : { lookup: publicOnlyLookup }),
    };
    let settled = false;
    const finish = (answer: PostAnswer): void => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const onResponse = (response: IncomingMessage): void => {
      finish({ statusCode: response.statusCode ?? null, error: null });
      response.resume(); // drained, then the socket closes
      response.on('error', () => undefined);
    };
    const request: ClientRequest = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      settings,
      onResponse,
    );
    // also ends a response body that never finishes, so no socket outlives the attempt for long
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error: NodeJS.ErrnoException) => finish({ statusCode: null, error: error.message }));
    request.end(body);
  });
