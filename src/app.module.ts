import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from './application/identity/identity.module';
import { OperationsModule } from './application/operations/operations.module';
import { Clock } from './application/shared/clock';
import { AppConfig } from './infrastructure/config/config';
import { CoreModule } from './infrastructure/core/core.module';
import { IdentityAdaptersModule } from './infrastructure/identity/identity-adapters.module';
import { PostgresModule } from './infrastructure/postgres/postgres.module';
import { CustodyModule } from './infrastructure/custody/custody.module';
import { Runtime } from './infrastructure/runtime';
import { ChainsModule } from './application/chains/chains.module';
import { WebhooksModule } from './application/webhooks/webhooks.module';
import { RegistryAdaptersModule } from './infrastructure/registry/registry-adapters.module';
import { WebhookAdaptersModule } from './infrastructure/webhooks/webhook-adapters.module';
import { ChainAdaptersModule } from './infrastructure/chain/chain-adapters.module';
import { BillingModule } from './projections/billing/billing.module';
import { ResellerDomainsModule } from './projections/reseller-domains/reseller-domains.module';
import { DnsZonesModule } from './projections/dns-zones/dns-zones.module';
import { DnsServerModule } from './infrastructure/dns-server/dns-server.module';
import { HostingAdaptersModule } from './infrastructure/hosting-server/hosting-adapters.module';
import { KnowledgeAdaptersModule } from './infrastructure/knowledge/knowledge-adapters.module';
import { CredentialListModule } from './projections/credentials/credentials.module';
import { ContactListModule } from './projections/contact-list/contact-list.module';
import { PortfolioModule } from './projections/portfolio/portfolio.module';
import { OperationListModule } from './projections/operation-list/operation-list.module';
import { ResolutionModule } from './projections/resolution/resolution.module';
import { WebhookListModule } from './projections/webhook-list/webhook-list.module';
import { SettingsModule } from './infrastructure/config/settings.module';
import { Web3Module } from './application/web3/web3.module';
import { DnsDomainsModule } from './application/dns-domains/dns-domains.module';
import { PortfolioCommandsModule } from './application/portfolio/portfolio.module';
import { CommerceModule } from './application/commerce/commerce.module';
import { MarketplaceModule } from './application/marketplace/marketplace.module';
import { MarketListingsModule } from './projections/marketplace/market-listings.module';
import { DropsModule } from './projections/drops/drops.module';
import { AuditModule } from './application/audit/audit.module';
import { AnalyticsModule } from './projections/analytics/analytics.module';
import { PaymentsModule } from './infrastructure/payments/payments.module';
import { AutoRenewalsModule } from './projections/auto-renewals/auto-renewals.module';
import { ClockTimersModule } from './infrastructure/engine/clock-timers';
import { ResolutionHttpModule } from './interfaces/http/resolution/resolution-http.module';
import { PartnerWeb3HttpModule } from './interfaces/http/partner-web3/partner-web3-http.module';
import { PartnerResellerHttpModule } from './interfaces/http/partner-reseller/partner-reseller-http.module';
import { AgentActionsModule } from './interfaces/http/agent-actions/agent-actions.module';
import { OAuthModule } from './interfaces/http/oauth/oauth.module';
import { OpenApiModule } from './interfaces/http/shared/openapi/openapi.module';
import { WebModule } from './interfaces/web/web.module';
import { OperatorHttpModule } from './interfaces/http/operator/operator-http.module';
import { PaymentsHttpModule } from './interfaces/http/payments/payments-http.module';
import { IdempotencyInterceptor } from './interfaces/http/shared/idempotency.interceptor';
import { ReadYourWritesInterceptor } from './interfaces/http/shared/read-your-writes.interceptor';
import { ActorInterceptor } from './interfaces/http/shared/actor.interceptor';
import { UndeclaredBodyGuard } from './interfaces/http/shared/undeclared-body.guard';
import { CredentialGuard } from './interfaces/http/shared/auth/credential.guard';
import { SurfaceErrorFilter } from './interfaces/http/shared/error.filter';
import { HealthController } from './interfaces/http/shared/health.controller';
import { createValidationPipe } from './interfaces/http/shared/validation';

export interface AppOptions {
  readonly config: AppConfig;
  readonly runtime: Runtime;
  readonly clock?: Clock;
  /** More modules (tests add probe routes). */
  readonly extraModules?: readonly Type<unknown>[];
}

@Module({})
export class AppModule {
  static forRoot({ config, runtime, clock, extraModules = [] }: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        CoreModule.forRoot(config, runtime, clock),
        DiscoveryModule,
        PostgresModule,
        SettingsModule,
        IdentityAdaptersModule,
        CustodyModule,
        OperationsModule,
        IdentityModule,
        ChainAdaptersModule,
        ChainsModule,
        WebhookAdaptersModule,
        WebhooksModule,
        RegistryAdaptersModule,
        PaymentsModule,
        HostingAdaptersModule,
        KnowledgeAdaptersModule,
        ResolutionModule,
        OperationListModule,
        BillingModule,
        ResellerDomainsModule,
        DnsZonesModule,
        CredentialListModule,
        ContactListModule,
        PortfolioModule,
        WebhookListModule,
        Web3Module,
        DnsDomainsModule,
        PortfolioCommandsModule,
        CommerceModule,
        MarketplaceModule,
        MarketListingsModule,
        AutoRenewalsModule,
        DropsModule,
        AuditModule,
        AnalyticsModule,
        ClockTimersModule,
        DnsServerModule,
        // the HTTP surfaces run in the api role only; a worker serves /health and /metrics
        ...(runtime.servesApi
          ? [
              OpenApiModule,
              OAuthModule,
              AgentActionsModule,
              ResolutionHttpModule,
              PartnerWeb3HttpModule,
              PartnerResellerHttpModule,
              OperatorHttpModule,
              WebModule,
              PaymentsHttpModule,
            ]
          : []),
        ...extraModules,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_FILTER, useClass: SurfaceErrorFilter },
        { provide: APP_GUARD, useClass: CredentialGuard },
        { provide: APP_GUARD, useClass: UndeclaredBodyGuard },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: ActorInterceptor },
        { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
      ],
    };
  }
}
