import { Module, OnModuleInit } from '@nestjs/common';
import { DependencyExecutors } from '../operations/dependency-executors';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { ContactDependencyExecutor } from './contact-dependency.executor';
import { ContactVerificationMailer } from './contact-verification-mailer.reactor';
import { GetResellerContactHandler, VerifyResellerContactHandler } from './contact.queries';
import { CreateResellerContactHandler } from './create-contact.command';
import { DnsCatalogue } from './dns-catalogue';

/** Surface D's engine side: the catalogue of TLDs, prices and availability, and contacts. */
@Module({
  providers: [
    DnsCatalogue,
    CreateResellerContactHandler,
    GetResellerContactHandler,
    VerifyResellerContactHandler,
    ContactDependencyExecutor,
    ContactVerificationMailer,
  ],
  exports: [DnsCatalogue],
})
export class DnsDomainsModule implements OnModuleInit {
  constructor(
    private readonly executors: DependencyExecutors,
    private readonly contactExecutor: ContactDependencyExecutor,
    private readonly consumers: ConsumerRegistry,
    private readonly verificationMailer: ContactVerificationMailer,
  ) {}

  onModuleInit(): void {
    this.executors.register(this.contactExecutor);
    this.consumers.addReactor(this.verificationMailer);
  }
}
