import { Module, OnModuleInit } from '@nestjs/common';
import { DnsDomainsModule } from '../dns-domains/dns-domains.module';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { ChangeDomainTagsHandler } from './change-domain-tags.command';
import { PushCodeMailer } from './push-code-mailer.reactor';
import { PushDomainsHandler } from './push-domains.command';

/** What an account changes of its portfolio itself: the tags it sorts its domains by, and pushes to other accounts. */
@Module({
  imports: [DnsDomainsModule],
  providers: [ChangeDomainTagsHandler, PushDomainsHandler, PushCodeMailer],
})
export class PortfolioCommandsModule implements OnModuleInit {
  constructor(
    private readonly registry: ConsumerRegistry,
    private readonly mailer: PushCodeMailer,
  ) {}

  onModuleInit(): void {
    this.registry.addReactor(this.mailer);
  }
}
