import { Module, OnModuleInit } from '@nestjs/common';
import { DependencyExecutors } from '../operations/dependency-executors';
import { ConsumerRegistry } from '../shared/consumer-registry';
import { ContactDependencyExecutor } from './contact-dependency.executor';
import { ContactVerificationMailer } from './contact-verification-mailer.reactor';
import { DisableContactHandler, GetResellerContactHandler, VerifyResellerContactHandler } from './contact.queries';
import { CreateResellerContactHandler } from './create-contact.command';
import { CancelBackordersHandler, PlaceBackordersHandler } from './backorders.commands';
import { DnsCatalogue } from './dns-catalogue';
import { GetLanderHandler, StoreLanderHandler, TakeDownLanderHandler } from './landers.commands';
import { RegisterDnsDomainHandler } from './register-domain.command';
import { RegistrationDependencyExecutor } from './registration-dependency.executor';
import { RegistrationSettlement } from './registration-settlement';
import { SetDnsPricesHandler } from './set-prices.command';
import { AccountNames } from './account-names';
import { ContactsDependencyExecutor } from './contacts-dependency.executor';
import { GetAuthorizationCodeHandler, GetDnsFlagsHandler } from './domain-flags';
import { UpdateDnsDomainHandler } from './update-domain.command';
import { FlagsDependencyExecutor } from './flags-dependency.executor';
import { CheckInboundTransferHandler, InboundTransfers } from './inbound-transfers';
import { GetRenewalTermsHandler, RenewDnsDomainHandler } from './renew-domain.command';
import { RenewalDependencyExecutor } from './renewal-dependency.executor';
import { RenewalSettlement } from './renewal-settlement';
import { OperationFinishers } from '../operations/operation-finishers';
import { DnssecExecutor } from './dnssec.executor';
import { HostingCertificates } from './hosting-certificates.reactor';
import { HostingExecutor } from './hosting.executor';
import { SearchDomainsHandler } from './search-domains.query';
import { NameserversExecutor } from './nameservers.executor';
import { RecordChangesExecutor } from './record-changes.executor';
import { RecordSearchHandler } from './record-search.command';

/** Surface D's engine side: the catalogue of TLDs, prices and availability, contacts, and registrations. */
@Module({
  providers: [
    DnsCatalogue,
    RecordSearchHandler,
    CreateResellerContactHandler,
    GetResellerContactHandler,
    VerifyResellerContactHandler,
    DisableContactHandler,
    ContactDependencyExecutor,
    ContactVerificationMailer,
    RegisterDnsDomainHandler,
    RegistrationDependencyExecutor,
    RegistrationSettlement,
    SetDnsPricesHandler,
    AccountNames,
    GetRenewalTermsHandler,
    RenewDnsDomainHandler,
    RenewalDependencyExecutor,
    RenewalSettlement,
    GetDnsFlagsHandler,
    UpdateDnsDomainHandler,
    ContactsDependencyExecutor,
    GetAuthorizationCodeHandler,
    FlagsDependencyExecutor,
    CheckInboundTransferHandler,
    InboundTransfers,
    RecordChangesExecutor,
    NameserversExecutor,
    DnssecExecutor,
    HostingExecutor,
    HostingCertificates,
    SearchDomainsHandler,
    PlaceBackordersHandler,
    CancelBackordersHandler,
    StoreLanderHandler,
    TakeDownLanderHandler,
    GetLanderHandler,
  ],
  exports: [DnsCatalogue, AccountNames],
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
    private readonly renewalExecutor: RenewalDependencyExecutor,
    private readonly renewalSettlement: RenewalSettlement,
    private readonly flagsExecutor: FlagsDependencyExecutor,
    private readonly contactsExecutor: ContactsDependencyExecutor,
    private readonly recordsExecutor: RecordChangesExecutor,
    private readonly nameserversExecutor: NameserversExecutor,
    private readonly dnssecExecutor: DnssecExecutor,
    private readonly hostingExecutor: HostingExecutor,
    private readonly hostingCertificates: HostingCertificates,
  ) {}

  onModuleInit(): void {
    this.executors.register(this.contactExecutor);
    this.executors.register(this.registrationExecutor);
    this.executors.register(this.renewalExecutor);
    this.executors.register(this.flagsExecutor);
    this.executors.register(this.contactsExecutor);
    this.executors.register(this.recordsExecutor);
    this.executors.register(this.nameserversExecutor);
    this.executors.register(this.dnssecExecutor);
    this.executors.register(this.hostingExecutor);
    this.consumers.addReactor(this.hostingCertificates);
    this.finishers.register(this.settlement);
    this.finishers.register(this.renewalSettlement);
    this.consumers.addReactor(this.verificationMailer);
  }
}
