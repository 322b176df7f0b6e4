import { TokenRate } from '../../domain/identity/token-bucket';
import { Global, Module } from '@nestjs/common';
import { ResellerSettings } from '../../application/dns-domains/reseller-settings';
import { CommerceSettings } from '../../application/commerce/commerce-settings';
import { MarketplaceSettings } from '../../application/marketplace/marketplace-settings';
import { TldCatalog } from '../../application/dns-domains/tld-catalog';
import { IdentitySettings } from '../../application/identity/identity-settings';
import { WorkerSettings } from '../../application/operations/operation-workers';
import { ResolutionSettings } from '../../application/resolution/resolution-settings';
import { WebhookSettings } from '../../application/webhooks/webhook-settings';
import { Web3Settings } from '../../application/web3/web3-settings';
import { Blockchain } from '../../domain/chains/blockchain';
import { unsRecordKeys } from '../chain/uns-artifacts';
import { Runtime } from '../runtime';
import { AppConfig } from './config';

/** The issuer URL of the OAuth tokens and the base of the discovery document. */
export const issuerOf = (config: AppConfig): string =>
  config.values.oauthIssuer ?? `http://localhost:${config.values.port}`;

/** Where the service itself is reached: a URL a partner gives it to call must not point there (it would loop). */
const ownHostsOf = (config: AppConfig): string[] => [
  ...new Set([
    new URL(publicUrlOf(config)).hostname,
    new URL(issuerOf(config)).hostname,
    ...config.values.hostingAddress.split(','),
  ]),
];

/** A kind of credential's token bucket; none when its rate is 0. */
const rateOf = (perSecond: number, burst: number): TokenRate | null => (perSecond > 0 ? { perSecond, burst } : null);

/** Where people reach the service (`PUBLIC_URL`). */
export const publicUrlOf = (config: AppConfig): string =>
  config.values.publicUrl ?? `http://localhost:${config.values.port}`;

/**
 * Every context's settings, built once from the configuration (and the chains the process was given): the
 * application and the HTTP surfaces take these objects, never the configuration or the runtime.
 */
@Global()
@Module({
  providers: [
    {
      provide: Web3Settings,
      useFactory: ({ values }: AppConfig) =>
        new Web3Settings(
          values.typeNamespace,
          new Map<string, Blockchain>(values.web3Tlds.map(({ tld, blockchain }) => [tld, blockchain])),
          values.web3ComingSoonTlds === '' ? [] : values.web3ComingSoonTlds.split(','),
          values.web3WalletLimit,
          values.web3CreditLimitCents,
          values.web3ReturnDays * 86_400_000,
          values.walletVerificationTtlMinutes * 60_000,
          unsRecordKeys(),
        ),
      inject: [AppConfig],
    },
    {
      provide: IdentitySettings,
      useFactory: (config: AppConfig) => {
        const { values } = config;
        return new IdentitySettings(
          values.refreshTokenTtlDays * 86_400,
          values.oauthRateLimitPerIp,
          values.signupRateLimitPerEmail,
          values.rateWindowSeconds,
          values.credentialCacheMs,
          issuerOf(config),
          values.agentOpenRateLimitPerIp,
          {
            agent: rateOf(values.agentKeyRatePerSecond, values.agentKeyRateBurst),
            partner: rateOf(values.partnerKeyRatePerSecond, values.partnerKeyRateBurst),
            resolution: rateOf(values.resolutionKeyRatePerSecond, values.resolutionKeyRateBurst),
          },
          values.subscriptionPollMs,
        );
      },
      inject: [AppConfig],
    },
    {
      provide: WebhookSettings,
      useFactory: (config: AppConfig) =>
        new WebhookSettings(config.values.typeNamespace, {
          allowPrivate: config.values.webhookAllowPrivateTargets,
          ownHosts: ownHostsOf(config),
        }),
      inject: [AppConfig],
    },
    {
      provide: WorkerSettings,
      useFactory: ({ values }: AppConfig) =>
        new WorkerSettings(
          values.workerConcurrency,
          values.workerLeaseMs,
          values.workerPollMs,
          values.workerMaxAttempts,
          values.workerRetryBaseMs,
        ),
      inject: [AppConfig],
    },
    { provide: TldCatalog, useFactory: ({ values }: AppConfig) => new TldCatalog(values.tlds), inject: [AppConfig] },
    {
      provide: ResellerSettings,
      useFactory: (config: AppConfig, tlds: TldCatalog) =>
        new ResellerSettings(
          config.values.typeNamespace,
          tlds.all,
          config.values.resellerCreditLimitCents,
          config.values.resellerPriceLimitCents,
          config.values.resellerQuoteMinutes * 60_000,
          publicUrlOf(config),
          config.values.resellerTransferPollMs,
          config.values.dnsNameservers.split(','),
          config.values.hostingAddress.split(','),
          config.values.dnssecRetirementMs,
          { allowPrivate: config.values.hostingAllowPrivateTargets, ownHosts: ownHostsOf(config) },
        ),
      inject: [AppConfig, TldCatalog],
    },
    {
      provide: CommerceSettings,
      useFactory: ({ values }: AppConfig) =>
        new CommerceSettings(
          {
            leadDays: values.autoRenewalLeadDays,
            maxAttempts: values.autoRenewalAttempts,
            retryMs: values.autoRenewalRetryHours * 3_600_000,
          },
          values.autoRenewalCheckMs,
        ),
      inject: [AppConfig],
    },
    {
      provide: MarketplaceSettings,
      useFactory: ({ values }: AppConfig) =>
        new MarketplaceSettings(values.marketplaceCommissionBps, values.marketplaceLeaseCheckMs),
      inject: [AppConfig],
    },
    {
      provide: ResolutionSettings,
      useFactory: ({ values }: AppConfig, runtime: Runtime) =>
        new ResolutionSettings(
          unsRecordKeys(),
          runtime.chains.tlds,
          runtime.chains.networks.map((network) => network.blockchain),
          values.resolutionMaxPerPage,
          { maxBatch: values.resolutionRpcMaxBatch, maxLogBlocks: values.resolutionRpcMaxLogBlocks },
          // the indexer stays CHAIN_CONFIRMATIONS behind the head by design: that is no delay
          values.resolutionAcceptableDelayBlocks + values.chainConfirmations,
        ),
      inject: [AppConfig, Runtime],
    },
  ],
  exports: [
    Web3Settings,
    IdentitySettings,
    WebhookSettings,
    WorkerSettings,
    TldCatalog,
    ResellerSettings,
    ResolutionSettings,
    CommerceSettings,
    MarketplaceSettings,
  ],
})
export class SettingsModule {}
