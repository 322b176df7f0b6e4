/**
 * All configuration comes from environment variables, validated once at start. The table below is the single
 * source: the README's configuration table is generated from it (`npm run docs:config`) and a test keeps them equal.
 */
export type Role = 'api' | 'worker' | 'all';

interface Variable<T> {
  readonly name: string;
  readonly description: string;
  /** The default as the README shows it; undefined means unset by default. */
  readonly defaultText?: string;
  parse(raw: string | undefined): T;
}

class ConfigError extends Error {}

const integer = (name: string, description: string, fallback: number, min: number, max: number): Variable<number> => ({
  name,
  description,
  defaultText: String(fallback),
  parse: (raw) => {
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
      throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    return Number(raw);
  },
});

const text = (name: string, description: string, fallback: string, pattern?: RegExp): Variable<string> => ({
  name,
  description,
  defaultText: fallback,
  parse: (raw) => {
    const value = raw === undefined || raw === '' ? fallback : raw;
    if (pattern && !pattern.test(value)) throw new ConfigError(`${name} must match ${pattern}, got "${value}"`);
    return value;
  },
});

const optionalUrl = (name: string, description: string, protocols: string[]): Variable<string | undefined> => ({
  name,
  description,
  parse: (raw) => {
    if (raw === undefined || raw === '') return undefined;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError(`${name} is not a URL`); // the value may hold a password: never echo it
    }
    if (!protocols.includes(url.protocol)) throw new ConfigError(`${name} must use ${protocols.join(' or ')}`);
    return raw;
  },
});

/**
 * A MongoDB connection string, `mongodb://` (one host, or a replica set's hosts comma-separated) or `mongodb+srv://`:
 * not a URL to `new URL` when it names several hosts, so checked by its shape.
 */
const mongoUrl = (name: string, description: string): Variable<string | undefined> => ({
  name,
  description,
  parse: (raw) => {
    if (raw === undefined || raw === '') return undefined;
    // never echoed: it may hold a password
    if (!/^mongodb(\+srv)?:\/\/([^@/?#\s]*@)?[^@/?#\s]+(\/[^?#\s]*)?(\?\S*)?$/.test(raw))
      throw new ConfigError(`${name} must be a mongodb:// or mongodb+srv:// connection string`);
    return raw;
  },
});

const urlList = (name: string, description: string, protocols: string[]): Variable<readonly string[]> => ({
  name,
  description,
  parse: (raw) => {
    if (raw === undefined || raw.trim() === '') return [];
    return raw.split(',').map((entry, index) => {
      // each entry checked as its own URL, and named by its place: a URL may hold a password
      const url = optionalUrl(`${name} entry ${index + 1}`, description, protocols).parse(entry.trim());
      if (url === undefined) throw new ConfigError(`${name} entry ${index + 1} is empty`);
      return url;
    });
  },
});

const flag = (name: string, description: string, fallback: boolean): Variable<boolean> => ({
  name,
  description,
  defaultText: String(fallback),
  parse: (raw) => {
    if (raw === undefined || raw === '') return fallback;
    if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${name} must be true or false, got "${raw}"`);
    return raw === 'true';
  },
});

const oneOf = <T extends string>(
  name: string,
  description: string,
  fallback: T,
  values: readonly T[],
): Variable<T> => ({
  name,
  description,
  defaultText: fallback,
  parse: (raw) => {
    const value = (raw === undefined || raw === '' ? fallback : raw) as T;
    if (!values.includes(value)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
    return value;
  },
});

/**
 * `registry=0x..,mintingManager=0x..,proxyReader=0x..,forwarder=0x..`: overrides of the package's published addresses.
 */
const CONTRACT_NAMES = ['registry', 'mintingManager', 'proxyReader', 'forwarder'] as const;
export type ContractOverrides = Partial<Record<(typeof CONTRACT_NAMES)[number], string>>;

const contracts = (name: string, chain: string): Variable<ContractOverrides> => ({
  name,
  description: `Contract addresses on ${chain} as \`registry=0x..,mintingManager=0x..,proxyReader=0x..,forwarder=0x..\`; unset ones: the addresses npm \`@unstoppabledomains/uns\` publishes for the chain's id`,
  parse: (raw) => {
    if (raw === undefined || raw === '') return {};
    const overrides: Record<string, string> = {};
    for (const entry of raw.split(',')) {
      const [key, address] = entry.split('=');
      if (!(CONTRACT_NAMES as readonly string[]).includes(key) || !/^0x[0-9a-fA-F]{40}$/.test(address ?? '')) {
        throw new ConfigError(
          `${name} entries must be one of ${CONTRACT_NAMES.join(', ')} = a 0x address, got "${entry}"`,
        );
      }
      overrides[key] = address;
    }
    return overrides;
  },
});

export const VARIABLES = {
  port: integer('PORT', 'HTTP port of the service', 8080, 0, 65535),
  host: text('HOST', 'Address the HTTP listener binds', '0.0.0.0'),
  dataDir: text(
    'DATA_DIR',
    'Directory of local state: the embedded PostgreSQL cluster and other embedded parts',
    '.data',
  ),
  databaseUrl: optionalUrl('DATABASE_URL', 'PostgreSQL to use; unset: an embedded server in `DATA_DIR/postgres`', [
    'postgres:',
    'postgresql:',
  ]),
  embeddedPostgresPort: integer(
    'EMBEDDED_POSTGRES_PORT',
    'Port of the embedded PostgreSQL (loopback only); a process whose `DATA_DIR` already runs it uses the port it runs on',
    5433,
    1,
    65535,
  ),
  databasePoolSize: integer('DATABASE_POOL_SIZE', 'Connections each process keeps to PostgreSQL', 10, 1, 200),
  eventStoreUrl: optionalUrl(
    'EVENT_STORE_URL',
    'KurrentDB 25.1+ (or EventStoreDB) to keep the events in, as `kurrentdb://` or `esdb://`; unset: PostgreSQL keeps them (docs/scale-out.md)',
    ['kurrentdb:', 'esdb:', 'kurrentdb+discover:', 'esdb+discover:'],
  ),
  mongodbUrl: mongoUrl(
    'MONGODB_URL',
    'MongoDB 6.0+ (a replica set) to keep the read models in, its database named in the path (default `domain_engine`); unset: PostgreSQL keeps them (docs/scale-out.md)',
  ),
  databaseReadUrls: urlList(
    'DATABASE_READ_URLS',
    'Hot standbys of the PostgreSQL, comma-separated, that serve the read models and surface E; unset: the primary serves them (docs/scale-out.md)',
    ['postgres:', 'postgresql:'],
  ),
  readStandbyWaitMs: integer(
    'READ_STANDBY_WAIT_MS',
    'How long a read waits for a standby to replay what the primary has committed, before the primary answers it',
    100,
    0,
    10_000,
  ),
  role: oneOf<Role>('ROLE', 'What `serve` runs when `--role` is not given: `api`, `worker` or `all`', 'all', [
    'api',
    'worker',
    'all',
  ]),
  logLevel: oneOf(
    'LOG_LEVEL',
    'Log level of the JSON logs of `serve`; other commands log only warnings and errors unless `--verbose` asks for this level',
    'info',
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
  ),
  typeNamespace: text(
    'TYPE_NAMESPACE',
    'Namespace of `@type` values (`<ns>/partner.v3.<Name>`)',
    'domain-engine',
    /^[a-z0-9][a-z0-9.-]{0,62}$/,
  ),
  subscriptionPollMs: integer(
    'SUBSCRIPTION_POLL_MS',
    'How often consumers read the store when no notification came',
    1000,
    10,
    60000,
  ),
  consumerBatchSize: integer(
    'CONSUMER_BATCH_SIZE',
    'Events a projection or reactor handles per transaction',
    500,
    1,
    10000,
  ),
  readYourWritesWaitMs: integer(
    'READ_YOUR_WRITES_WAIT_MS',
    'Longest a request that wrote waits for the read models to show its write before answering (0: no wait)',
    5000,
    0,
    60000,
  ),
  consumerStandbyMs: integer(
    'CONSUMER_STANDBY_MS',
    'How often a process checks whether it can take over a projection or reactor another process ran',
    5000,
    10,
    600000,
  ),
  workerConcurrency: integer('WORKER_CONCURRENCY', 'Dependencies one worker process runs at once', 4, 1, 256),
  workerLeaseMs: integer(
    'WORKER_LEASE_MS',
    'How long a leased dependency stays with its worker without a heartbeat',
    30000,
    100,
    3600000,
  ),
  workerPollMs: integer(
    'WORKER_POLL_MS',
    'How often an idle worker looks for work when no notification came',
    1000,
    10,
    60000,
  ),
  workerMaxAttempts: integer(
    'WORKER_MAX_ATTEMPTS',
    'Runs of a dependency whose executor keeps throwing before it fails',
    8,
    1,
    100,
  ),
  workerRetryBaseMs: integer(
    'WORKER_RETRY_BASE_MS',
    'First delay after an executor throws; doubles per attempt, capped at 5 minutes',
    1000,
    1,
    300000,
  ),
  secretsKey: {
    name: 'SECRETS_KEY',
    description:
      'Base64 of 32 random bytes that seal secrets at rest (signing keys, codes in flight); unset: generated once into `DATA_DIR/secrets.key`. Processes sharing a database must share it',
    parse: (raw: string | undefined): string | undefined => {
      if (raw === undefined || raw === '') return undefined;
      if (Buffer.from(raw, 'base64').length !== 32)
        throw new ConfigError('SECRETS_KEY must be the base64 of exactly 32 bytes');
      return raw;
    },
  },
  smtpUrl: optionalUrl(
    'SMTP_URL',
    'SMTP server for outgoing mail (`smtp://user:pass@host:587`, `smtps://...`); unset: mails are written to `DATA_DIR/mail/*.eml`',
    ['smtp:', 'smtps:'],
  ),
  stripeSecretKey: {
    name: 'STRIPE_SECRET_KEY',
    description:
      'Stripe secret key (`sk_live_…`, `sk_test_…` or a restricted `rk_…`): cards are kept and charged by Stripe; unset: by the embedded sandbox processor. A test key keeps pages and answers saying sandbox',
    parse: (raw: string | undefined): string | undefined => {
      if (raw === undefined || raw === '') return undefined;
      // never echoed: it is a secret
      if (!/^(sk|rk)_(live|test)_[A-Za-z0-9]{10,}$/.test(raw))
        throw new ConfigError('STRIPE_SECRET_KEY is not a Stripe secret key (sk_live_…, sk_test_…, rk_…)');
      return raw;
    },
  },
  stripeWebhookSecret: {
    name: 'STRIPE_WEBHOOK_SECRET',
    description:
      "Signing secret (`whsec_…`) of the Stripe webhook endpoint `/payments/stripe/events`; unset: Stripe's events are refused",
    parse: (raw: string | undefined): string | undefined => {
      if (raw === undefined || raw === '') return undefined;
      if (!/^whsec_[A-Za-z0-9+/=_-]{10,}$/.test(raw))
        throw new ConfigError('STRIPE_WEBHOOK_SECRET is not a Stripe webhook signing secret (whsec_…)');
      return raw;
    },
  },
  stripeApiUrl: optionalUrl(
    'STRIPE_API_URL',
    "Base URL of Stripe's API; unset: https://api.stripe.com (a test points it at a Stripe-shaped server)",
    ['https:', 'http:'],
  ),
  mailFrom: text('MAIL_FROM', 'Sender of outgoing mail', 'domain-engine <no-reply@domain-engine.localhost>'),
  oauthIssuer: {
    name: 'OAUTH_ISSUER',
    description: 'Issuer (`iss`) of the tokens and base URL of the OAuth discovery document',
    defaultText: 'http://localhost:<PORT>',
    parse: (raw: string | undefined): string | undefined =>
      raw === undefined || raw === '' ? undefined : raw.replace(/\/+$/, ''),
  },
  publicUrl: {
    name: 'PUBLIC_URL',
    description:
      "Base URL people reach the service at, for links in mail (contact verification) and the embedded chains' token metadata URIs; unset: `http://localhost:<PORT>`",
    defaultText: 'http://localhost:<PORT>',
    parse: (raw: string | undefined): string | undefined => {
      if (raw === undefined || raw === '') return undefined;
      if (!/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(raw)) throw new ConfigError('PUBLIC_URL must be an http(s) URL');
      return raw.replace(/\/+$/, '');
    },
  },
  credentialCacheMs: integer(
    'CREDENTIAL_CACHE_MS',
    'How long a process keeps a credential it found active without reading it again (0: read on every request); a revocation is read by every process as its append is notified and holds there at once',
    60000,
    0,
    60000,
  ),
  refreshTokenTtlDays: integer(
    'REFRESH_TOKEN_TTL_DAYS',
    'Lifetime of a refresh token (each use issues a new one)',
    30,
    1,
    365,
  ),
  oauthRateLimitPerIp: integer(
    'OAUTH_RATE_LIMIT_PER_IP',
    'Requests to `/api/oauth` one IP address may make in any rate window (refused ones do not count)',
    60,
    1,
    1000000,
  ),
  agentOpenRateLimitPerIp: integer(
    'AGENT_OPEN_RATE_LIMIT_PER_IP',
    "Calls of surface A's open searches (help, documentation, specifications) one IP address may make in any rate window",
    300,
    1,
    1000000,
  ),
  agentKeyRatePerSecond: integer(
    'AGENT_KEY_RATE_PER_SECOND',
    'Requests a second, on average, of an agent key or access token of surface A (its authenticated actions, MCP tool calls included); shared by every process (0: no limit)',
    10,
    0,
    1000000,
  ),
  agentKeyRateBurst: integer(
    'AGENT_KEY_RATE_BURST',
    'Requests an agent key may make at once before its rate holds it back (the size of its token bucket)',
    50,
    1,
    1000000,
  ),
  partnerKeyRatePerSecond: integer(
    'PARTNER_KEY_RATE_PER_SECOND',
    'Requests a second, on average, of a partner access key of surfaces C and D, or an operator key of /operator/v1; shared by every process (0: no limit)',
    50,
    0,
    1000000,
  ),
  partnerKeyRateBurst: integer(
    'PARTNER_KEY_RATE_BURST',
    'Requests a partner key may make at once before its rate holds it back (the size of its token bucket)',
    100,
    1,
    1000000,
  ),
  resolutionKeyRatePerSecond: integer(
    'RESOLUTION_KEY_RATE_PER_SECOND',
    'Requests a second, on average, of a resolution key of surface E (the real resolution service allows 20 a second); shared by every process (0: no limit)',
    20,
    0,
    1000000,
  ),
  resolutionKeyRateBurst: integer(
    'RESOLUTION_KEY_RATE_BURST',
    'Requests a resolution key may make at once before its rate holds it back (the size of its token bucket)',
    40,
    1,
    1000000,
  ),
  signupRateLimitPerEmail: integer(
    'SIGNUP_RATE_LIMIT_PER_EMAIL',
    'Signups one email address may start in any rate window',
    5,
    1,
    1000000,
  ),
  rateWindowSeconds: integer(
    'RATE_LIMIT_WINDOW_SECONDS',
    'Length of the sliding rate window: a limit holds over every period this long, not over periods aligned to the clock, and a 429 says in `Retry-After` when the oldest counted request leaves it',
    600,
    1,
    86400,
  ),
  tlds: text(
    'TLDS',
    'The ICANN TLDs the service sells, comma-separated (surface A `svc_tld_list`)',
    'com,net,org,io,ai,co,app,dev,xyz,info,shop',
    /^[a-z0-9-]+(,[a-z0-9-]+)*$/,
  ),
  chains: {
    name: 'CHAINS',
    description: 'The EVM chains the service uses, comma-separated from `ETH`, `MATIC`, `BASE`, or `none`',
    defaultText: 'ETH,MATIC,BASE',
    parse: (raw: string | undefined): readonly ('ETH' | 'MATIC' | 'BASE')[] => {
      const value = raw === undefined || raw === '' ? 'ETH,MATIC,BASE' : raw;
      if (value === 'none') return [];
      const names = value.split(',');
      if (!names.every((name) => ['ETH', 'MATIC', 'BASE'].includes(name)) || new Set(names).size !== names.length) {
        throw new ConfigError(`CHAINS must list distinct names from ETH, MATIC, BASE, or be none, got "${value}"`);
      }
      return names as ('ETH' | 'MATIC' | 'BASE')[];
    },
  },
  chainEthWsUrl: optionalUrl(
    'CHAIN_ETH_WS_URL',
    "WebSocket JSON-RPC of the ETH chain beside `CHAIN_ETH_RPC_URL`: the indexer hears of new blocks by `eth_subscribe` instead of waiting for its poll; unset: the embedded chain's own, or polling only",
    ['ws:', 'wss:'],
  ),
  chainEthRpcUrl: optionalUrl(
    'CHAIN_ETH_RPC_URL',
    'JSON-RPC of the ETH chain; unset: an embedded anvil (chain id 1) on `CHAIN_ETH_PORT`',
    ['http:', 'https:'],
  ),
  chainMaticWsUrl: optionalUrl(
    'CHAIN_MATIC_WS_URL',
    "WebSocket JSON-RPC of the MATIC chain beside `CHAIN_MATIC_RPC_URL`: the indexer hears of new blocks by `eth_subscribe` instead of waiting for its poll; unset: the embedded chain's own, or polling only",
    ['ws:', 'wss:'],
  ),
  chainMaticRpcUrl: optionalUrl(
    'CHAIN_MATIC_RPC_URL',
    'JSON-RPC of the MATIC chain; unset: an embedded anvil (chain id 137) on `CHAIN_MATIC_PORT`',
    ['http:', 'https:'],
  ),
  chainBaseWsUrl: optionalUrl(
    'CHAIN_BASE_WS_URL',
    "WebSocket JSON-RPC of the BASE chain beside `CHAIN_BASE_RPC_URL`: the indexer hears of new blocks by `eth_subscribe` instead of waiting for its poll; unset: the embedded chain's own, or polling only",
    ['ws:', 'wss:'],
  ),
  chainBaseRpcUrl: optionalUrl(
    'CHAIN_BASE_RPC_URL',
    'JSON-RPC of the BASE chain; unset: an embedded anvil (chain id 8453) on `CHAIN_BASE_PORT`',
    ['http:', 'https:'],
  ),
  chainEthPort: integer(
    'CHAIN_ETH_PORT',
    'Port of the embedded ETH chain (loopback only); a process whose `DATA_DIR` already runs it uses the port recorded in `DATA_DIR/chains/ETH.pid`',
    8545,
    1,
    65535,
  ),
  chainMaticPort: integer(
    'CHAIN_MATIC_PORT',
    'Port of the embedded MATIC chain (loopback only); a process whose `DATA_DIR` already runs it uses the port recorded in `DATA_DIR/chains/MATIC.pid`',
    8546,
    1,
    65535,
  ),
  chainBasePort: integer(
    'CHAIN_BASE_PORT',
    'Port of the embedded BASE chain (loopback only); a process whose `DATA_DIR` already runs it uses the port recorded in `DATA_DIR/chains/BASE.pid`',
    8547,
    1,
    65535,
  ),
  chainEthContracts: contracts('CHAIN_ETH_CONTRACTS', 'ETH'),
  chainMaticContracts: contracts('CHAIN_MATIC_CONTRACTS', 'MATIC'),
  chainBaseContracts: contracts('CHAIN_BASE_CONTRACTS', 'BASE'),
  relayerPrivateKey: {
    name: 'RELAYER_PRIVATE_KEY',
    description:
      "Hex private key of the account that sends the service's transactions and relays signed ones (a minter on the registry, with funds for gas); unset: anvil's second development account, accepted only when every chain is embedded",
    parse: (raw: string | undefined): string | undefined => {
      if (raw === undefined || raw === '') return undefined;
      if (!/^0x[0-9a-fA-F]{64}$/.test(raw)) throw new ConfigError('RELAYER_PRIVATE_KEY must be 0x and 64 hex digits'); // never echo a key
      return raw;
    },
  },
  chainConfirmations: integer(
    'CHAIN_CONFIRMATIONS',
    'Blocks a log must be under the head before the indexer takes it (reorg safety)',
    0,
    0,
    1000,
  ),
  indexerPollMs: integer('INDEXER_POLL_MS', 'How often the indexer asks each chain for new blocks', 200, 10, 60000),
  indexerBlockRange: integer(
    'INDEXER_BLOCK_RANGE',
    'Most blocks the indexer reads logs of in one request and stores in one append',
    500,
    1,
    100000,
  ),
  web3Tlds: {
    name: 'WEB3_TLDS',
    description:
      "Blockchain-domain endings, comma-separated, each `tld` (registered on MATIC) or `tld:CHAIN`; every one is added to every chain's minting manager",
    defaultText:
      'crypto,wallet,x,nft,blockchain,bitcoin,dao,888,zil,polygon,unstoppable,klever,hi,kresus,anime,manga,go,base:BASE',
    parse: (raw: string | undefined): readonly { tld: string; blockchain: 'ETH' | 'MATIC' | 'BASE' }[] => {
      const value =
        raw === undefined || raw === ''
          ? 'crypto,wallet,x,nft,blockchain,bitcoin,dao,888,zil,polygon,unstoppable,klever,hi,kresus,anime,manga,go,base:BASE'
          : raw;
      const entries = value.split(',').map((entry) => {
        const match = /^([a-z0-9-]{1,63})(?::(ETH|MATIC|BASE))?$/.exec(entry);
        if (!match) throw new ConfigError(`WEB3_TLDS entries must be tld or tld:ETH|MATIC|BASE, got "${entry}"`);
        return { tld: match[1], blockchain: (match[2] ?? 'MATIC') as 'ETH' | 'MATIC' | 'BASE' };
      });
      if (new Set(entries.map((entry) => entry.tld)).size !== entries.length)
        throw new ConfigError('WEB3_TLDS lists a TLD twice');
      return entries;
    },
  },
  resolutionCacheMb: integer(
    'RESOLUTION_CACHE_MB',
    "Memory an API process may spend keeping surface E's read model to answer lookups without a database round trip; a larger model is read from the database (0: never kept)",
    256,
    0,
    65536,
  ),
  resolutionMaxPerPage: integer('RESOLUTION_MAX_PER_PAGE', 'Largest `perPage` of `GET /resolve/domains`', 200, 1, 1000),
  resolutionRpcMaxBatch: integer(
    'RESOLUTION_RPC_MAX_BATCH',
    'Most JSON-RPC requests in one batch to `POST /resolve/chains/{chain}/rpc`',
    100,
    1,
    1000,
  ),
  resolutionRpcMaxLogBlocks: integer(
    'RESOLUTION_RPC_MAX_LOG_BLOCKS',
    'Most blocks one `eth_getLogs` through `/resolve/chains/{chain}/rpc` may cover',
    10000,
    1,
    1000000,
  ),
  resolutionAcceptableDelayBlocks: integer(
    'RESOLUTION_ACCEPTABLE_DELAY_BLOCKS',
    "How many blocks the index may trail a chain's head, beyond `CHAIN_CONFIRMATIONS`, before `GET /resolve/status` calls it not up to date",
    10,
    0,
    100000,
  ),
  custodyKey: {
    name: 'CUSTODY_KEY',
    description:
      'Base64 of 32 random bytes: the master key the private keys of custodial wallets are sealed under (AES-256-GCM); unset: generated once into `DATA_DIR/custody.key`. Processes sharing a database must share it; losing it loses the wallets',
    parse: (raw: string | undefined): string | undefined => {
      if (raw === undefined || raw === '') return undefined;
      if (Buffer.from(raw, 'base64').length !== 32)
        throw new ConfigError('CUSTODY_KEY must be the base64 of exactly 32 bytes'); // never echo a key
      return raw;
    },
  },
  web3WalletLimit: integer('WEB3_WALLET_LIMIT', 'Custodial wallets one web3 partner account may create', 25, 1, 10000),
  web3CreditLimitCents: integer(
    'WEB3_CREDIT_LIMIT_CENTS',
    'Largest running balance (uninvoiced charges, US cents) of a web3 partner; a claim beyond it is refused with `INSUFFICIENT_BALANCE`',
    10000000,
    0,
    1000000000000,
  ),
  web3ReturnDays: integer(
    'WEB3_RETURN_DAYS',
    'Days after a claim during which the domain can be returned with its price credited back',
    14,
    0,
    3650,
  ),
  web3ComingSoonTlds: text(
    'WEB3_COMING_SOON_TLDS',
    'Blockchain endings shown as `COMING_SOON` (not claimable yet), comma-separated; empty: none',
    '',
    /^([a-z0-9-]+(,[a-z0-9-]+)*)?$/,
  ),
  registrarId: text(
    'REGISTRAR_ID',
    "This service's registrar id at the registry (the sponsoring client of its names)",
    'domain-engine',
    /^[a-z0-9][a-z0-9-]{2,31}$/,
  ),
  resellerCreditLimitCents: integer(
    'RESELLER_CREDIT_LIMIT_CENTS',
    'Largest running balance (uninvoiced charges, US cents) of a reseller; a paid operation beyond it is refused with `INSUFFICIENT_BALANCE`',
    10000000,
    0,
    1000000000000,
  ),
  resellerPriceLimitCents: integer(
    'RESELLER_PRICE_LIMIT_CENTS',
    'Most one registration may cost (US cents); a premium name above it is `EXCEEDS_PRICE_LIMIT`',
    1000000,
    0,
    1000000000000,
  ),
  resellerQuoteMinutes: integer(
    'RESELLER_QUOTE_MINUTES',
    "How long a reseller preview's quote binds (`validUntilTimestamp`)",
    15,
    1,
    1440,
  ),
  autoRenewalLeadDays: integer(
    'AUTO_RENEWAL_LEAD_DAYS',
    "Days before a name's expiry (registry clock) its auto-renewal is ordered and paid",
    30,
    0,
    365,
  ),
  autoRenewalAttempts: integer(
    'AUTO_RENEWAL_ATTEMPTS',
    'Times an auto-renewal that cannot be paid is tried before it is given up for the term (the user is mailed each time)',
    3,
    1,
    10,
  ),
  autoRenewalRetryHours: integer(
    'AUTO_RENEWAL_RETRY_HOURS',
    'Registry-clock hours between the tries of an auto-renewal that could not be paid',
    24,
    1,
    720,
  ),
  autoRenewalCheckMs: integer(
    'AUTO_RENEWAL_CHECK_MS',
    'How often a worker looks for auto-renewals that are due (also whenever the sandbox registry clock moves)',
    3_600_000,
    1000,
    86_400_000,
  ),
  marketplaceCommissionBps: integer(
    'MARKETPLACE_COMMISSION_BPS',
    'What the operator keeps of a marketplace sale, in basis points of each payment (1000: 10%); the seller is credited the rest',
    1000,
    0,
    10_000,
  ),
  marketplaceLeaseCheckMs: integer(
    'MARKETPLACE_LEASE_CHECK_MS',
    'How often a worker looks for lease-to-own payments that are due (also whenever the sandbox registry clock moves)',
    3_600_000,
    1000,
    86_400_000,
  ),
  resellerTransferPollMs: integer(
    'RESELLER_TRANSFER_POLL_MS',
    'How soon a transfer-in asks the registry again whether the losing registrar answered (up to 60 times it later on)',
    60_000,
    10,
    3_600_000,
  ),
  dnsNameservers: text(
    'DNS_NAMESERVERS',
    'Host names of our nameservers, comma separated: what the registry gets for names on our DNS, and the NS of their zones',
    'ns1.domain-engine.test,ns2.domain-engine.test',
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?:,(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}){0,12}$/,
  ),
  dnsHost: text('DNS_HOST', 'Address the authoritative DNS server binds (UDP and TCP)', '127.0.0.1'),
  dnsPort: integer('DNS_PORT', 'Port of the authoritative DNS server, UDP and TCP; 0: any free port', 8053, 0, 65535),
  dnsHostmaster: text(
    'DNS_HOSTMASTER',
    "Mailbox in the zones' SOA, written as a domain name (`hostmaster.example.com` for hostmaster@example.com)",
    'hostmaster.domain-engine.test',
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
  ),
  dnsTransferAllow: text(
    'DNS_TRANSFER_ALLOW',
    'Addresses of the secondary servers allowed zone transfers (AXFR over TCP), comma separated; empty: none',
    '127.0.0.1,::1',
  ),
  dnssecRetirementMs: integer(
    'DNSSEC_RETIREMENT_MS',
    'How long a zone stays signed after DNSSEC is turned off and its DS withdrawn: longer than the DS TTL of its TLD',
    172_800_000,
    0,
    2_592_000_000,
  ),
  hostingHost: text('HOSTING_HOST', 'Address the hosting listener binds (HTTP and HTTPS)', '127.0.0.1'),
  hostingPort: integer(
    'HOSTING_PORT',
    'HTTP port of the hosting listener (redirects, reverse proxies); 0: any',
    8081,
    0,
    65535,
  ),
  hostingTlsPort: integer('HOSTING_TLS_PORT', 'HTTPS port of the hosting listener; 0: any free port', 8443, 0, 65535),
  hostingAddress: text(
    'HOSTING_ADDRESS',
    'Addresses (IPv4 and IPv6, comma separated) hosted names resolve to: where the hosting listener is reached',
    '127.0.0.1',
  ),
  hostingAllowPrivateTargets: flag(
    'HOSTING_ALLOW_PRIVATE_TARGETS',
    'Let reverse proxies reach loopback, private and link-local origins (development and tests); keep false in production',
    false,
  ),
  walletVerificationTtlMinutes: integer(
    'WALLET_VERIFICATION_TTL_MINUTES',
    'How long a wallet verification message may be signed and submitted',
    60,
    1,
    10080,
  ),
  webhookRetryUnitMs: integer(
    'WEBHOOK_RETRY_UNIT_MS',
    'Length of one "minute" of the webhook retry schedule (1, 2, 4, 8, 16, 32, 64, 120); tests shrink it',
    60000,
    1,
    3600000,
  ),
  webhookTimeoutMs: integer(
    'WEBHOOK_TIMEOUT_MS',
    'How long a webhook receiver has to answer before the delivery counts as failed',
    10000,
    100,
    120000,
  ),
  webhookPollMs: integer(
    'WEBHOOK_POLL_MS',
    'How often the webhook dispatcher looks for due deliveries when no notification came',
    1000,
    10,
    60000,
  ),
  webhookConcurrency: integer('WEBHOOK_CONCURRENCY', 'Webhook deliveries one worker process sends at once', 8, 1, 256),
  webhookAllowPrivateTargets: flag(
    'WEBHOOK_ALLOW_PRIVATE_TARGETS',
    'Allow webhook URLs on loopback, private and link-local addresses (development and tests); keep false in production',
    false,
  ),
} as const;

type Values = { readonly [K in keyof typeof VARIABLES]: ReturnType<(typeof VARIABLES)[K]['parse']> };

/** The validated configuration; injectable by type. */
export class AppConfig {
  readonly values: Values;
  constructor(env: NodeJS.ProcessEnv = process.env) {
    const errors: string[] = [];
    const values: Record<string, unknown> = {};
    for (const [key, variable] of Object.entries(VARIABLES)) {
      try {
        values[key] = variable.parse(env[variable.name]);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        errors.push(error.message);
      }
    }
    if (errors.length > 0) throw new Error(`invalid configuration:\n- ${errors.join('\n- ')}`);
    this.values = Object.freeze(values) as Values;
  }
}

export const configurationTable = (): string =>
  [
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...Object.values(VARIABLES).map(
      (variable) =>
        `| \`${variable.name}\` | ${'defaultText' in variable && variable.defaultText !== undefined ? `\`${variable.defaultText}\`` : 'unset'} | ${variable.description} |`,
    ),
  ].join('\n');
