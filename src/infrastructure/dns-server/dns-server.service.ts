import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { Runtime } from '../runtime';
import { DnsListener } from './dns-listener';
import { DnsResponder, TransferPolicy } from './dns-responder';
import { ZoneMirror } from './zone-mirror';

/** Secondaries allowed zone transfers: addresses as listed, IPv4 ones also as TCP shows them (`::ffff:a.b.c.d`). */
export const transferPolicyOf = (allowed: string): TransferPolicy => {
  const addresses = new Set(
    allowed
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
  );
  return (address) => addresses.has(address) || addresses.has(address.replace(/^::ffff:/, ''));
};

/**
 * The authoritative DNS server of the zones on our nameservers, on `DNS_HOST`:`DNS_PORT` (UDP and TCP), in the
 * roles that serve the API. It answers once its zones have caught up with the store, so that a restarted server
 * never answers from an empty copy. A second API process on the same host finds the port taken and serves no DNS.
 */
@Injectable()
export class DnsServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(DnsServer.name);
  private listener: DnsListener | undefined;
  /** The port it listens on: `DNS_PORT`, or the one taken when that is 0; undefined when it does not run. */
  port: number | undefined;

  constructor(
    private readonly runtime: Runtime,
    private readonly config: AppConfig,
    private readonly mirror: ZoneMirror,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runtime.listens) return;
    const values = this.config.values;
    const zones = await this.mirror.ready();
    this.listener = new DnsListener(new DnsResponder(zones, transferPolicyOf(values.dnsTransferAllow)));
    try {
      this.port = await this.listener.listen(values.dnsHost, values.dnsPort);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      // another API process of this machine serves DNS on the port: one server answers for all of them
      this.log.warn(`DNS_PORT ${values.dnsPort} is taken: this process serves no DNS`);
      return;
    }
    this.log.log(`DNS server listening on ${values.dnsHost}:${this.port} (UDP and TCP)`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.listener?.close();
    await this.mirror.close();
  }
}
