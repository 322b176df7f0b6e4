import { Module, OnModuleInit } from '@nestjs/common';
import { DependencyExecutors } from '../operations/dependency-executors';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { ContactDependencyExecutor } from './contact-dependency.executor';
import { ContactVerificationMailer } from './contact-verification-mailer.reactor';
import { GetResellerContactHandler, VerifyResellerContactHandler } from './contact.queries';
import { CreateResellerContactHandler } from './create-contact.command';
import { DnsCatalogue } from './dns-catalogue';
import { RegisterDnsDomainHandler } from './register-domain.command';
import { RegistrationDependencyExecutor } from './registration-dependency.executor';
import { RegistrationSettlement } from './registration-settlement';
import { OperationFinishers } from '../operations/operation-finishers';

/** Surface D's engine side: the catalogue of TLDs, prices and availability, contacts, and registrations. */
@Module({
  providers: [
    DnsCatalogue,
    CreateResellerContactHandler,
    GetResellerContactHandler,
    VerifyResellerContactHandler,
    ContactDependencyExecutor,
    ContactVerificationMailer,
    RegisterDnsDomainHandler,
    RegistrationDependencyExecutor,
    RegistrationSettlement,
  ],
  exports: [DnsCatalogue],
})
export class DnsDomainsModule implements OnModuleInit {
  constructor(
    private readonly executors: DependencyExecutors,
    private readonly contactExecutor: ContactDependencyExecutor,
    private readonly consumers: ConsumerRegistry,
    private readonly verificationMailer: ContactVerificationMailer,
    private readonly registrationExecutor: RegistrationDependencyExecutor,
    private readonly finishers: OperationFinishers,
    private readonly settlement: RegistrationSettlement,
  ) {}

  onModuleInit(): void {
    this.executors.register(this.contactExecutor);
    this.executors.register(this.registrationExecutor);
    this.finishers.register(this.settlement);
    this.consumers.addReactor(this.verificationMailer);
  }
}
