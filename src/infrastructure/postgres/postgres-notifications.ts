import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { Log } from '../logging/log';

/**
 * One connection that LISTENs on behalf of the whole process and fans notifications out by channel.
 * A lost connection is reopened; listeners also poll, so a notification missed meanwhile only delays them.
 */
export class PostgresNotifications {
  private readonly emitter = new EventEmitter();
  private readonly channels = new Set<string>();
  private client: Client | undefined;
  private connecting: Promise<void> | undefined;
  private closed = false;
  /** LISTEN statements run one after another: pg refuses overlapping queries on one client. */
  private statements: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly connectionString: string,
    private readonly log: Pick<Log, 'warn'>,
    private readonly reconnectDelayMs = 1000,
  ) {
    this.emitter.setMaxListeners(0);
  }

  listen(channel: string, listener: () => void): () => void {
    this.emitter.on(channel, listener);
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      void this.ensureConnected()
        .then(() => this.run(`listen ${quoteChannel(channel)}`))
        .catch(() => undefined);
    }
    return () => this.emitter.off(channel, listener);
  }

  /** Resolves once the connection is up and every channel asked for so far is listened to. */
  async ready(): Promise<void> {
    await this.ensureConnected();
    await this.statements.catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private ensureConnected(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString, application_name: 'domain-engine-listen' });
    client.on('notification', (message) => this.emitter.emit(message.channel));
    client.on('error', (error) => this.reconnect(client, error));
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      this.client = client;
      for (const channel of this.channels) await this.run(`listen ${quoteChannel(channel)}`);
    } catch (error) {
      this.reconnect(client, error);
    }
  }

  private run(statement: string): Promise<unknown> {
    const client = this.client;
    this.statements = this.statements.catch(() => undefined).then(() => client?.query(statement));
    return this.statements;
  }

  private reconnect(client: Client, error?: unknown): void {
    if (this.closed || (this.client && this.client !== client)) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (error) this.log.warn(`notification connection lost: ${(error as Error).message}`);
    setTimeout(() => void this.ensureConnected(), this.reconnectDelayMs).unref();
  }
}

const quoteChannel = (channel: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  return channel;
};
