import { Global, Module } from '@nestjs/common';
import { CertificateIssuer } from '../../application/dns-domains/certificate-issuer.port';
import { SecretBox } from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';
import { EventStore } from '../../application/shared/event-store.port';
import { DnsServerModule } from '../dns-server/dns-server.module';
import { HostingServer } from './hosting-server.service';
import { LocalCertificateAuthority } from './local-certificate-authority';

/**
 * Hosting: the listener that serves hosted names, and the certificate issuer (the local CA by default; an ACME
 * client for a public CA would be chosen here).
 */
@Global()
@Module({
  imports: [DnsServerModule],
  providers: [
    {
      provide: LocalCertificateAuthority,
      useFactory: (store: EventStore, box: SecretBox, clock: Clock) => new LocalCertificateAuthority(store, box, clock),
      inject: [EventStore, SecretBox, Clock],
    },
    { provide: CertificateIssuer, useExisting: LocalCertificateAuthority },
    HostingServer,
  ],
  exports: [CertificateIssuer, LocalCertificateAuthority, HostingServer],
})
export class HostingAdaptersModule {}
