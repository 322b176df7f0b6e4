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
  name, description, defaultText: String(fallback),
  parse: (raw) => {
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    return Number(raw);
  },
});

const text = (name: string, description: string, fallback: string, pattern?: RegExp): Variable<string> => ({
  name, description, defaultText: fallback,
  parse: (raw) => {
    const value = raw === undefined || raw === '' ? fallback : raw;
    if (pattern && !pattern.test(value)) throw new ConfigError(`${name} must match ${pattern}, got "${value}"`);
    return value;
  },
});

const optionalUrl = (name: string, description: string, protocols: string[]): Variable<string | undefined> => ({
  name, description,
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

const flag = (name: string, description: string, fallback: boolean): Variable<boolean> => ({
  name, description, defaultText: String(fallback),
  parse: (raw) => {
    if (raw === undefined || raw === '') return fallback;
    if (raw !== 'true' && raw !== 'false') throw new ConfigError(`${name} must be true or false, got "${raw}"`);
    return raw === 'true';
  },
});

const oneOf = <T extends string>(name: string, description: string, fallback: T, values: readonly T[]): Variable<T> => ({
  name, description, defaultText: fallback,
  parse: (raw) => {
    const value = (raw === undefined || raw === '' ? fallback : raw) as T;
    if (!values.includes(value)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
    return value;
  },
});

export const VARIABLES = {
  port: integer('PORT', 'HTTP port of the service', 8080, 0, 65535),
  host: text('HOST', 'Address the HTTP listener binds', '0.0.0.0'),
  dataDir: text('DATA_DIR', 'Directory of local state: the embedded PostgreSQL cluster and other embedded parts', '.data'),
  databaseUrl: optionalUrl('DATABASE_URL', 'PostgreSQL to use; unset: an embedded server in `DATA_DIR/postgres`', ['postgres:', 'postgresql:']),
  embeddedPostgresPort: integer('EMBEDDED_POSTGRES_PORT', 'Port of the embedded PostgreSQL (loopback only)', 5433, 1, 65535),
  databasePoolSize: integer('DATABASE_POOL_SIZE', 'Connections each process keeps to PostgreSQL', 10, 1, 200),
  role: oneOf<Role>('ROLE', 'What `serve` runs when `--role` is not given: `api`, `worker` or `all`', 'all', ['api', 'worker', 'all']),
  logLevel: oneOf('LOG_LEVEL', 'Log level of the JSON logs', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  typeNamespace: text('TYPE_NAMESPACE', 'Namespace of `@type` values (`<ns>/partner.v3.<Name>`)', 'domain-engine', /^[a-z0-9][a-z0-9.-]{0,62}$/),
  subscriptionPollMs: integer('SUBSCRIPTION_POLL_MS', 'How often consumers read the store when no notification came', 1000, 10, 60000),
  consumerBatchSize: integer('CONSUMER_BATCH_SIZE', 'Events a projection or reactor handles per transaction', 500, 1, 10000),
  consumerStandbyMs: integer('CONSUMER_STANDBY_MS', 'How often a process checks whether it can take over a projection or reactor another process ran', 5000, 10, 600000),
  workerConcurrency: integer('WORKER_CONCURRENCY', 'Dependencies one worker process runs at once', 4, 1, 256),
  workerLeaseMs: integer('WORKER_LEASE_MS', 'How long a leased dependency stays with its worker without a heartbeat', 30000, 100, 3600000),
  workerPollMs: integer('WORKER_POLL_MS', 'How often an idle worker looks for work when no notification came', 1000, 10, 60000),
  workerMaxAttempts: integer('WORKER_MAX_ATTEMPTS', 'Runs of a dependency whose executor keeps throwing before it fails', 8, 1, 100),
  workerRetryBaseMs: integer('WORKER_RETRY_BASE_MS', 'First delay after an executor throws; doubles per attempt, capped at 5 minutes', 1000, 1, 300000),
  secretsKey: {
    name: 'SECRETS_KEY',
    description: 'Base64 of 32 random bytes that seal secrets at rest (signing keys, codes in flight); unset: generated once into `DATA_DIR/secrets.key`. Processes sharing a database must share it',
    parse: (raw: string | undefined): string | undefined => {
      if (raw === undefined || raw === '') return undefined;
      if (Buffer.from(raw, 'base64').length !== 32) throw new ConfigError('SECRETS_KEY must be the base64 of exactly 32 bytes');
      return raw;
    },
  },
  smtpUrl: optionalUrl('SMTP_URL', 'SMTP server for outgoing mail (`smtp://user:pass@host:587`, `smtps://...`); unset: mails are written to `DATA_DIR/mail/*.eml`', ['smtp:', 'smtps:']),
  mailFrom: text('MAIL_FROM', 'Sender of outgoing mail', 'domain-engine <no-reply@domain-engine.localhost>'),
  oauthIssuer: {
    name: 'OAUTH_ISSUER',
    description: 'Issuer (`iss`) of the tokens and base URL of the OAuth discovery document',
    defaultText: 'http://localhost:<PORT>',
    parse: (raw: string | undefined): string | undefined => (raw === undefined || raw === '' ? undefined : raw.replace(/\/+$/, '')),
  },
  refreshTokenTtlDays: integer('REFRESH_TOKEN_TTL_DAYS', 'Lifetime of a refresh token (each use issues a new one)', 30, 1, 365),
  oauthRateLimitPerIp: integer('OAUTH_RATE_LIMIT_PER_IP', 'Requests to `/api/oauth` one IP address may make per rate window', 60, 1, 1000000),
  signupRateLimitPerEmail: integer('SIGNUP_RATE_LIMIT_PER_EMAIL', 'Signups one email address may start per rate window', 5, 1, 1000000),
  rateWindowSeconds: integer('RATE_LIMIT_WINDOW_SECONDS', 'Length of a rate-limit window', 600, 1, 86400),
  tlds: text('TLDS', 'The ICANN TLDs the service sells, comma-separated (surface A `svc_tld_list`)', 'com,net,org,io,ai,co,app,dev,xyz,info', /^[a-z0-9-]+(,[a-z0-9-]+)*$/),
  testExecutorEnabled: flag('TEST_EXECUTOR_ENABLED', 'Registers the `TEST_STEP` dependency executor used to prove the operation engine', false),
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
    ...Object.values(VARIABLES).map((variable) => `| \`${variable.name}\` | ${'defaultText' in variable && variable.defaultText !== undefined ? `\`${variable.defaultText}\`` : 'unset'} | ${variable.description} |`),
  ].join('\n');
