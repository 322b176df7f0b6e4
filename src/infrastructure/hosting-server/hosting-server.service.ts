import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ResellerSettings } from '../../application/dns-domains/reseller-settings';
import { AppConfig } from '../config/config';
import { ZoneMirror } from '../dns-server/zone-mirror';
import { Runtime } from '../runtime';
import { HostingListener } from './hosting-listener';

/**
 * The hosting listener on `HOSTING_HOST` (`HOSTING_PORT` HTTP, `HOSTING_TLS_PORT` HTTPS), in the API roles; a second
 * API process on the same host finds the ports taken and hosts nothing.
 */
@Injectable()
export class HostingServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(HostingServer.name);
  private listener: HostingListener | undefined;
  /** The ports it listens on; undefined when it does not run. */
  ports: { http: number; https: number } | undefined;

  constructor(
    private readonly runtime: Runtime,
    private readonly config: AppConfig,
    private readonly mirror: ZoneMirror,
    private readonly settings: ResellerSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runtime.listens) return;
    const values = this.config.values;
    this.listener = new HostingListener(await this.mirror.ready(), this.settings.hostingOutbound);
    try {
      this.ports = await this.listener.listen(values.hostingHost, values.hostingPort, values.hostingTlsPort);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      // another API process of this machine hosts on the ports: one listener serves for all of them
      await this.listener.close();
      this.log.warn(
        `HOSTING_PORT ${values.hostingPort} or HOSTING_TLS_PORT ${values.hostingTlsPort} is taken: this process hosts nothing`,
      );
      return;
    }
    this.log.log(
      `hosting listening on ${values.hostingHost}:${this.ports.http} (HTTP) and :${this.ports.https} (HTTPS)`,
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }
}
