import { Injectable } from '@nestjs/common';
import { DnsHostingSet, DnsZoneEvent, dnsZoneDecider, dnsZoneStream } from '../../domain/dns-domains/dns-zone';
import { SecretBox } from '../identity/identity.ports';
import { Clock } from '../shared/clock';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';
import { Reactor } from '../shared/projection';
import { CertificateIssuer } from './certificate-issuer.port';

/**
 * Asks the certificate issuer for each hosted name's certificate once its hosting is set, and records it (its key
 * sealed) on the zone, where the hosting listener picks it up: `certificateStatus` goes from PENDING to ACTIVE. A
 * hosting replaced or removed meanwhile gets nothing; an order still processing is asked about again later.
 */
@Injectable()
export class HostingCertificates implements Reactor<DnsZoneEvent> {
  readonly name = 'hosting-certificates';
  readonly handles = ['DnsHostingSet'] as const;
  // the hosting listener answers the issuer's challenges from the read model: it must show the hosting first
  readonly afterReadModels = true;

  constructor(
    private readonly store: EventStore,
    private readonly issuer: CertificateIssuer,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async react(events: readonly StoredEvent<DnsZoneEvent>[]): Promise<void> {
    for (const event of events) {
      if (event.type === 'DnsHostingSet') await this.certify(event.data);
    }
  }

  private async certify({ name, subName, operationId }: DnsHostingSet['data']): Promise<void> {
    const { state } = await loadStream(this.store, dnsZoneStream(name), dnsZoneDecider);
    const site = state.status === 'OPEN' ? state.hosting.find((item) => item.subName === subName) : undefined;
    if (site?.setBy !== operationId || site.certificate) return; // replaced, removed, or certified already
    const hostname = subName ? `${subName}.${name}` : name;
    const order = await this.issuer.order([hostname]);
    const issued = await this.issuer.finalize(order.id);
    // the batch is delivered again after a pause: the order is asked about again then
    if (!issued) throw new Error(`the certificate of ${hostname} is still being issued`);
    await handleCommand(this.store, dnsZoneStream(name), dnsZoneDecider, {
      type: 'RecordHostingCertificate',
      data: {
        name,
        operationId,
        subName,
        certificate: {
          certificatePem: issued.certificatePem,
          sealedPrivateKey: this.box.seal(issued.privateKeyPem),
          expiresAt: issued.expiresAt,
        },
        at: this.clock.now(),
      },
    });
  }
}
