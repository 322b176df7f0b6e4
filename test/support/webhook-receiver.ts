import { IncomingHttpHeaders, createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  /** The request target as it arrived: path and query. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: string;
  readonly body: { '@type': string; type: string; data: { id: string; status: string; [key: string]: unknown } };
  readonly receivedAt: number;
  /** The status this receiver answered. */
  readonly answered: number;
}

/**
 * A real HTTP receiver on loopback for webhook tests: records every request and answers 200, or what it was told to
 * answer next on a path.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly scripted = new Map<string, number[]>();
  private readonly failing = new Set<string>();
  private listeners: (() => void)[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const answered = receiver.answerFor(path);
        const rawBody = Buffer.concat(chunks).toString('utf8');
        receiver.received.push({
          path,
          headers: request.headers,
          rawBody,
          body: JSON.parse(rawBody),
          receivedAt: Date.now(),
          answered,
        });
        response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'not now');
        receiver.listeners.forEach((listener) => listener());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The next requests to `path` get these statuses, one each; 200 after that. */
  answerNext(path: string, ...statuses: number[]): void {
    this.scripted.set(path, [...(this.scripted.get(path) ?? []), ...statuses]);
  }

  /** Every request to `path` gets 500 from now on. */
  alwaysFail(path: string): void {
    this.failing.add(path);
  }

  /** What arrived at `path`, about one operation when given. */
  deliveriesTo(path: string, operationId?: string): ReceivedDelivery[] {
    return this.received.filter(
      (delivery) => delivery.path === path && (operationId === undefined || delivery.body.data.id === operationId),
    );
  }

  /** Resolves once `count` deliveries about the operation arrived at `path`. */
  waitFor(path: string, operationId: string, count = 1, timeoutMs = 30_000): Promise<ReceivedDelivery[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((listener) => listener !== check);
        reject(
          new Error(
            `${this.deliveriesTo(path, operationId).length} of ${count} deliveries of ${operationId} arrived at ${path}`,
          ),
        );
      }, timeoutMs);
      const check = (): void => {
        const arrived = this.deliveriesTo(path, operationId);
        if (arrived.length < count) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((listener) => listener !== check);
        resolve(arrived);
      };
      this.listeners.push(check);
      check();
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private answerFor(path: string): number {
    if (this.failing.has(path)) return 500;
    const next = this.scripted.get(path)?.shift();
    return next ?? 200;
  }
}
