import { partnerType } from '../../../application/shared/partner-type';
import { DNS_AVAILABILITY_STATUSES } from '../../../domain/dns-domains/dns-availability';
import { DNS_FLAGS } from '../../../domain/dns-domains/dns-flags';
import { RECORD_TYPES, TTL_RANGE } from '../../../domain/dns-domains/dns-setup';
import { HOSTING_TYPES } from '../../../domain/dns-domains/hosting';
import { INBOUND_INELIGIBILITIES } from '../../../domain/dns-domains/inbound-transfer';
import { partnerErrorSchemas } from '../shared/openapi/error-schemas';
import { closed, JsonSchema, ref } from '../shared/openapi/json-schema';
import { CENTS, MILLIS, partnerShapes, UNICODE_NAME, webhookSchemas } from '../shared/openapi/partner-schemas';
import { WEBHOOK_TYPES_OF } from '../../../domain/webhooks/webhook.events';
import { SurfaceDocument, SurfaceDocumentContext } from '../shared/openapi/surface-document';
import { RESELLER_OPERATION_STATUSES, RESELLER_OPERATION_TYPES } from './reseller-params.dto';
import { operationHistorySchema } from '../shared/operation-history';

/** The answers of surface D (`interface-spec.md` Surface D, `decisions.md` §4), as the controllers write them. */

const NAME: JsonSchema = { type: 'string', description: 'A DNS domain name as stored: lowercase, IDNs as A-labels' };
const PERIOD = closed(['min', 'max', 'increments'], {
  min: { type: 'integer', minimum: 1 },
  max: { type: 'integer', maximum: 10 },
  increments: { const: 1 },
});
/** The dependency types of surface D (`interface-spec.md` Surface D resources). */
const RESELLER_DEPENDENCIES = [
  'DOMAIN_REGISTER',
  'DOMAIN_DNS_RENEW',
  'DNS_RECORD_CREATE',
  'DNS_RECORD_UPDATE',
  'DNS_RECORD_DELETE',
  'DOMAIN_SET_NAMESERVERS',
  'DOMAIN_DNS_SECURITY_SET_DNSSEC',
  'DOMAIN_DNS_SECURITY_DELETE_DNSSEC',
  'DOMAIN_DNS_SECURITY_UPDATE_ZONE',
  'DOMAIN_FLAG_LOCK_UPDATE',
  'DOMAIN_DNS_CONTACT_SET',
  'CONTACT_CREATE',
  'WEBHOOK_CREATE',
  'WEBHOOK_DELETE',
];
const FLAGS: readonly string[] = DNS_FLAGS;
/** A DNS listing's seller has no address: an id that names it without telling its account. */
const SELLER = closed(['address'], {
  address: { type: 'string', pattern: '^sel_[0-9a-f]{32}$', description: "The seller's marketplace id" },
});
const REGISTRATION_DATES: Record<string, JsonSchema> = {
  status: {
    enum: ['REGISTERED', 'EXPIRED_GRACE_PERIOD', 'EXPIRED_REDEMPTION_PERIOD', 'EXPIRED_PENDING_DELETE', 'INACTIVE'],
  },
  registryCreatedDate: { type: 'string', format: 'date-time' },
  expirationDate: { type: 'string', format: 'date-time' },
  expirationGracePeriodDate: { type: 'string', format: 'date-time', description: 'The end of auto-renew grace' },
};
/** The cursor of a list whose position is not a plain number: pass it back as it came. */
const OPAQUE_CURSOR: JsonSchema = { type: 'string', description: 'Pass it as `$cursor` for the next page' };
const CONSTRAINTS = closed(['registration'], { registration: closed(['period'], { period: PERIOD }) });

export const resellerPartnerDocument = (namespace: string): SurfaceDocument => {
  const { type, list, result } = partnerShapes(namespace);
  const pricing = (name: string, extra: Record<string, JsonSchema> = {}): JsonSchema =>
    closed(['@type', ...Object.keys(extra)], {
      '@type': type(name),
      ...extra,
      registration: ref('Price'),
      renewal: ref('Price'),
      transfer: ref('Price'),
      restoration: ref('Price'),
      constraints: CONSTRAINTS,
    });

  /** Surface D's cursor lists: `next` holds the cursor of the next page, and is null on the last one. */
  const pageOf = (item: string, cursor: JsonSchema): JsonSchema =>
    closed(['@type', 'items', 'next'], {
      '@type': type('CursorList'),
      items: { type: 'array', items: ref(item) },
      next: { oneOf: [closed(['$cursor'], { $cursor: cursor }), { type: 'null', description: 'The last page' }] },
    });

  const schemas = ({ dependencyTypes }: SurfaceDocumentContext): Record<string, JsonSchema> => ({
    ...partnerErrorSchemas(),
    Price: closed(
      ['type', 'listPrice', 'subTotal'],
      {
        type: { enum: ['STANDARD', 'PREMIUM'] },
        listPrice: { ...CENTS, description: "One year's price" },
        subTotal: { ...CENTS, description: 'The whole charge for the period' },
        validUntilTimestamp: { ...MILLIS, description: "Of a preview's quote: until when it binds" },
      },
      { examples: [{ type: 'STANDARD', listPrice: { usdCents: 1299 }, subTotal: { usdCents: 1299 } }] },
    ),
    Tld: closed(['@type', 'name', 'namingSystem', 'canRegister'], {
      '@type': type('Tld'),
      name: { type: 'string', examples: ['com'] },
      namingSystem: { const: 'ICANN' },
      canRegister: { type: 'boolean', description: 'false before a TLD opens, or when the registry does not run it' },
    }),
    TldList: list('Tld'),
    TldDnsSecurityConfiguration: closed(['@type', 'dnssec'], {
      '@type': type('TldDnsSecurityConfiguration'),
      dnssec: closed(['supported', 'algorithms', 'digestTypes'], {
        supported: { type: 'boolean' },
        algorithms: {
          type: 'array',
          items: closed(['id', 'name'], { id: { type: 'integer' }, name: { type: 'string' } }),
        },
        digestTypes: {
          type: 'array',
          items: closed(['id', 'name'], { id: { type: 'integer' }, name: { type: 'string' } }),
        },
      }),
    }),
    TldDnsPricing: pricing('TldDnsPricing', { name: { type: 'string' } }),
    TldDnsPricingList: list('TldDnsPricing'),
    DomainDnsPricing: pricing('DomainDnsPricing'),
    Domain: closed(
      ['@type', 'name', 'unicodeName', 'owner', 'availability'],
      {
        '@type': type('Domain'),
        name: NAME,
        unicodeName: UNICODE_NAME,
        owner: closed(['type'], {
          type: { enum: ['NONE', 'SERVICE', 'UNKNOWN'], description: 'UNKNOWN: registered, to someone else' },
          contactId: { type: 'string' },
        }),
        registration: closed(['status', 'registryCreatedDate', 'expirationDate', 'expirationGracePeriodDate'], {
          ...REGISTRATION_DATES,
          deletionAtTimestamp: { ...MILLIS, description: 'Past its term: when the registry purges it' },
          pricing: closed([], { renewal: ref('Price') }),
        }),
        flags: ref('DomainFlagSet'),
        availability: closed(['source', 'status'], {
          source: { enum: ['SERVICE', 'EXTMARKET_A', 'EXTMARKET_B'] },
          status: { enum: [...DNS_AVAILABILITY_STATUSES] },
          price: ref('Price'),
          constraints: CONSTRAINTS,
          availableAfterTimestamp: {
            ...MILLIS,
            description: "COMING_SOON: the TLD's opening; AVAILABLE_BACKORDER: when the registry releases the name",
          },
        }),
      },
      {
        examples: [
          {
            '@type': partnerType(namespace, 'Domain'),
            name: 'fresh-idea.com',
            unicodeName: 'fresh-idea.com',
            owner: { type: 'NONE' },
            availability: {
              source: 'SERVICE',
              status: 'AVAILABLE',
              price: { type: 'STANDARD', listPrice: { usdCents: 1299 }, subTotal: { usdCents: 1299 } },
              constraints: { registration: { period: { min: 1, max: 10, increments: 1 } } },
            },
          },
        ],
      },
    ),
    DomainList: list('Domain'),
    DomainSuggestion: closed(['@type', 'name', 'unicodeName', 'price'], {
      '@type': type('DomainSuggestion'),
      name: NAME,
      unicodeName: UNICODE_NAME,
      price: ref('Price'),
    }),
    DomainSuggestionList: list('DomainSuggestion'),
    MarketplaceListing: closed(
      ['domain', 'unicodeName', 'status', 'listPrice', 'payout', 'owner', 'offersEnabled', 'listedAt', 'expiresAt'],
      {
        domain: NAME,
        unicodeName: UNICODE_NAME,
        status: { enum: ['FOR_SALE', 'OFFERS_ONLY'], description: 'OFFERS_ONLY: no buy-now price (listPrice 0)' },
        listPrice: CENTS,
        payout: SELLER,
        owner: SELLER,
        offersEnabled: { type: 'boolean' },
        leaseToOwn: closed(['type', 'maxTermLength', 'downPaymentPercentage'], {
          type: { enum: ['equal_installments', 'down_payment_plus_equal_installments'] },
          maxTermLength: { type: 'integer', minimum: 2, maximum: 120 },
          downPaymentPercentage: { anyOf: [{ type: 'number', minimum: 10, maximum: 90 }, { type: 'null' }] },
        }),
        listedAt: MILLIS,
        expiresAt: MILLIS,
      },
    ),
    MarketplaceListings: closed(['items', 'next'], {
      items: { type: 'array', items: ref('MarketplaceListing') },
      next: {
        anyOf: [
          closed(['page', 'limit'], { page: { type: 'integer', minimum: 2 }, limit: { type: 'integer', minimum: 1 } }),
          { type: 'null' },
        ],
        description: 'The next page to ask for ($page, perPage); null on the last page',
      },
    }),
    PlatformOperation: closed(['id', '@type', 'type', 'status', 'parameters'], {
      id: { type: 'string', pattern: '^plop_' },
      '@type': type('PlatformOperation'),
      type: { enum: [...new Set([...RESELLER_DEPENDENCIES, ...dependencyTypes])] },
      status: { enum: [...RESELLER_OPERATION_STATUSES] },
      parameters: {
        type: 'object',
        description:
          'CONTACT_CREATE {purposes, contactId}: the contact is usable by its id from the first answer; DOMAIN_REGISTER {owner{new, id?}, contacts{admin?, tech?, billing?}, period}; DNS_RECORD_CREATE {subName?, type, values, ttl, $upsert}; DNS_RECORD_UPDATE {id, values?, ttl?}; DNS_RECORD_DELETE {id}; DOMAIN_SET_NAMESERVERS {items?, dnssec?} (no items: ours); DOMAIN_DNS_SECURITY_SET_DNSSEC and _DELETE_DNSSEC {domain}; DOMAIN_HOSTING_UPDATE {subName?, type, targetUrl}; DOMAIN_HOSTING_DISABLE {subName?}',
      },
      result: {
        type: 'object',
        description: 'CONTACT_CREATE {id}; DOMAIN_REGISTER {name, expiresAt}; DNS_RECORD_* {id}: the record set',
      },
      error: closed(['code', 'message'], { code: { type: 'string' }, message: { type: 'string' } }),
    }),
    OperationHistory: operationHistorySchema(type),
    Operation: closed(
      ['@type', 'id', 'status', 'type', 'createdAtTimestamp', 'lastUpdatedTimestamp', 'billing', 'dependencies'],
      {
        '@type': type('Operation'),
        id: { type: 'string', pattern: '^op-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
        status: { enum: [...RESELLER_OPERATION_STATUSES] },
        type: { enum: [...RESELLER_OPERATION_TYPES] },
        domain: NAME,
        unicodeDomain: UNICODE_NAME,
        createdAtTimestamp: MILLIS,
        lastUpdatedTimestamp: MILLIS,
        validUntilTimestamp: { ...MILLIS, description: 'Of a preview: until when its quote binds' },
        billing: {
          type: 'array',
          description: 'What the operation charges or credits the running balance (quoted, on a preview)',
          items: closed(['type', 'reason', 'amount'], {
            type: { enum: ['CHARGE', 'CREDIT'] },
            reason: { type: 'string' },
            amount: CENTS,
          }),
        },
        dependencies: { type: 'array', items: ref('PlatformOperation') },
      },
    ),
    ContactOperationResult: result('ContactOperationResult'),
    DomainOperationResult: result('DomainOperationResult'),
    OperationMinimal: closed(['@type', 'id', 'status', 'type', 'createdAtTimestamp', 'lastUpdatedTimestamp'], {
      '@type': type('OperationMinimal'),
      id: { type: 'string', pattern: '^op-' },
      status: { enum: [...RESELLER_OPERATION_STATUSES] },
      type: { enum: [...RESELLER_OPERATION_TYPES] },
      domain: NAME,
      unicodeDomain: UNICODE_NAME,
      createdAtTimestamp: MILLIS,
      lastUpdatedTimestamp: MILLIS,
    }),
    OperationMinimalList: pageOf('OperationMinimal', {
      type: 'string',
      pattern: '^[0-9]+$',
      description: 'An integer, as text: pass it as `$cursor` for the next page',
    }),
    DomainPendingOperation: closed(['@type', 'type'], {
      '@type': type('DomainPendingOperation'),
      type: { enum: [...RESELLER_OPERATION_TYPES, 'UNKNOWN'], description: 'UNKNOWN: an operation of surface C' },
      id: { type: 'string', description: 'Only for an operation of the calling account' },
    }),
    DomainPendingOperationList: list('DomainPendingOperation'),
    DomainFlag: closed(['@type', 'status'], {
      '@type': type('DomainFlag'),
      status: { enum: ['ENABLED', 'DISABLED'] },
      readonly: closed(['state', 'reasons'], {
        state: { const: true },
        reasons: {
          type: 'array',
          items: closed(['code', 'message'], {
            code: { enum: ['PENDING_DELETE', 'PENDING_TRANSFER', 'TRANSFER_LOCK', 'NOT_SUPPORTED'] },
            message: { type: 'string' },
            untilTimestamp: { ...MILLIS, description: 'When the reason ends by itself' },
          }),
        },
      }),
    }),
    DomainFlagSet: closed([...FLAGS, 'DNS_UNS_TOKENIZATION'], {
      ...Object.fromEntries([...FLAGS, 'DNS_UNS_TOKENIZATION'].map((flag) => [flag, ref('DomainFlag')])),
    }),
    AccountDomain: closed(['@type', 'name', 'status', 'namingSystem', 'expirationTimestamp'], {
      '@type': type('AccountDomain'),
      name: NAME,
      status: {
        enum: [
          'REGISTRATION_PROCESSING',
          'TRANSFER_INBOUND_PROCESSING',
          'REGISTERED',
          'EXPIRED_GRACE_PERIOD',
          'EXPIRED_REDEMPTION_PERIOD',
          'EXPIRED_PENDING_DELETE',
          'DEACTIVATED',
        ],
      },
      namingSystem: { const: 'ICANN' },
      expirationTimestamp: { oneOf: [MILLIS, { type: 'null', description: 'Not registered yet' }] },
      flags: ref('DomainFlagSet'),
    }),
    AccountDomainList: pageOf('AccountDomain', OPAQUE_CURSOR),
    DomainFlags: closed(['@type', ...FLAGS], {
      '@type': type('DomainFlagsResult'),
      ...Object.fromEntries(FLAGS.map((flag) => [flag, ref('DomainFlag')])),
    }),
    DomainFlagOperationResult: result('DomainFlagOperationResult'),
    DnsMetadata: closed(['@type', 'provider', 'registration'], {
      '@type': type('IcannDomainDnsMetadata'),
      provider: { enum: ['SERVICE', 'EXTERNAL', 'NONE'] },
      registration: closed(['status', 'registryCreatedDate', 'expirationDate', 'expirationGracePeriodDate'], {
        ...REGISTRATION_DATES,
      }),
    }),
    DnsRecord: closed(['@type', 'id', 'type', 'values', 'ttl', 'readonly'], {
      '@type': type('DomainDnsRecord'),
      id: { type: 'string', pattern: '^rr-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
      subName: { type: 'string', description: 'The name below the domain; absent at the apex' },
      type: { enum: [...RECORD_TYPES] },
      values: { type: 'array', items: { type: 'string' } },
      ttl: { type: 'integer', minimum: TTL_RANGE.min, maximum: TTL_RANGE.max },
      readonly: closed(['state', 'reasons'], {
        state: { type: 'boolean' },
        reasons: { type: 'array', items: { enum: ['ADMIN', 'HOSTING', 'DNS_PROVIDER'] } },
      }),
    }),
    DnsRecordList: pageOf('DnsRecord', OPAQUE_CURSOR),
    DomainDnsRecordOperationResult: result('DomainDnsRecordOperationResult'),
    NameServerList: closed(['@type', 'items', 'dnssec'], {
      '@type': type('NameServerListResult'),
      items: { type: 'array', items: { type: 'string' }, description: 'As the registry delegates the name' },
      dnssec: closed(['enabled'], {
        enabled: { type: 'boolean', description: 'Whether the registry publishes DS records for the name' },
        items: {
          type: 'array',
          description: 'With `$expand=dnssec`: the DS records the registry publishes',
          items: closed(['keyTag', 'algorithm', 'digestType', 'digest'], {
            keyTag: { type: 'integer' },
            algorithm: { type: 'integer' },
            digestType: { type: 'integer' },
            digest: { type: 'string' },
          }),
        },
      }),
    }),
    DomainDnsNameServerOperationResult: result('DomainDnsNameServerOperationResult'),
    DnsSecurityStatus: closed(['@type', 'status'], {
      '@type': type('DomainDnsSecurityOperationResult'),
      status: { enum: ['ENABLED', 'DISABLED'], description: 'ENABLED while the registry publishes DS records' },
    }),
    DomainDnsSecurityOperationResult: result('DomainDnsSecurityOperationResult'),
    Hosting: closed(['@type', 'type', 'targetUrl', 'status', 'certificateStatus'], {
      '@type': type('DomainHostingDetails'),
      type: { enum: [...HOSTING_TYPES] },
      targetUrl: { type: 'string', format: 'uri' },
      subName: { type: 'string', description: 'The hosted name below the domain; absent at the apex' },
      status: {
        enum: ['PENDING', 'ACTIVE', 'INACTIVE'],
        description:
          'PENDING from the answer that set it until its operation has set it, then ACTIVE (served); INACTIVE while a removal runs',
      },
      certificateStatus: {
        enum: ['PENDING', 'ACTIVE'],
        description: 'PENDING until the certificate of its current setting is issued',
      },
    }),
    HostingList: pageOf('Hosting', OPAQUE_CURSOR),
    DomainHostingOperationResult: result('DomainHostingOperationResult'),
    AuthorizationCode: closed(['@type', 'code'], {
      '@type': type('ICannDomainTransferAuthorizationCode'),
      code: { type: 'string', description: 'Give it to the gaining registrar' },
    }),
    Account: closed(['@type', 'id', 'defaultWalletAddress', 'webhookSecret'], {
      '@type': type('AccountSummary'),
      id: { type: 'string', pattern: '^acc-' },
      defaultWalletAddress: { type: 'null', description: 'Resellers hold no wallets' },
      webhookSecret: { type: 'string', description: 'Webhook deliveries are signed with it (x-svc-signature)' },
    }),
    AccountBilling: closed(['@type', 'balanceUsdCents'], {
      '@type': type('AccountBilling'),
      balanceUsdCents: { type: 'integer', description: 'What the account owes: charges less credits' },
    }),
    BillingTransaction: closed(
      ['@type', 'id', 'type', 'amountUsdCents', 'operationId', 'createdAtTimestamp', 'notes'],
      {
        '@type': type('BillingTransaction'),
        id: { type: 'string', pattern: '^btx-' },
        type: { enum: ['ORDER', 'REFUND'] },
        amountUsdCents: { type: 'integer', description: 'Positive for a charge, negative for a credit' },
        operationId: { type: 'string', pattern: '^op-' },
        createdAtTimestamp: MILLIS,
        notes: { type: 'string', description: 'What it was for: the reason and the domain' },
      },
    ),
    BillingTransactionList: pageOf('BillingTransaction', OPAQUE_CURSOR),
    InboundTransferEligibility: closed(['isEligible', 'reasons'], {
      isEligible: { type: 'boolean' },
      reasons: { type: 'array', items: { enum: [...INBOUND_INELIGIBILITIES] } },
      expirationDate: { type: 'string', format: 'date-time', description: 'Of a registered name: its expiry now' },
      projectedExpirationDate: { type: 'string', format: 'date-time', description: 'After the transfer' },
      projectedExtensionPeriod: { const: 1, description: 'A transfer adds a year' },
    }),
    DomainContacts: closed(['@type', 'owner'], {
      '@type': type('DomainContacts'),
      owner: { ...ref('Contact'), description: 'The registrant' },
      admin: ref('Contact'),
      tech: ref('Contact'),
      billing: ref('Contact'),
    }),
    DomainContactOperationResult: result('DomainContactOperationResult'),
    ...webhookSchemas(namespace, WEBHOOK_TYPES_OF.reseller),
    WebhookList: pageOf('Webhook', OPAQUE_CURSOR),
    WebhookDeliveryList: pageOf('WebhookDeliveryLog', OPAQUE_CURSOR),
    WebhookCreateResult: result('WebhookCreateResult'),
    WebhookDeleteResult: result('WebhookDeleteResult'),
    DomainRenewalInfo: closed(['@type', 'isEligible', 'expirationDate', 'period'], {
      '@type': type('DomainRenewalInfo'),
      isEligible: { type: 'boolean', description: 'false in pending delete, with DNS_RENEW off, or ten years ahead' },
      expirationDate: { type: 'string', format: 'date-time', description: "The registry's expiry now" },
      gracePeriodExpirationDate: {
        type: 'string',
        format: 'date-time',
        description: 'The end of the auto-renew grace period; redemption (renewal with restoration) follows',
      },
      price: { ...ref('Price'), description: 'One year, with the restoration fee for a name in redemption' },
      period: PERIOD,
    }),
    Contact: closed(
      [
        '@type',
        'id',
        'firstName',
        'lastName',
        'countryCode',
        'street',
        'city',
        'postalCode',
        'stateProvince',
        'phone',
        'email',
        'verification',
      ],
      {
        '@type': type('Contact'),
        id: { type: 'string', pattern: '^con_' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        organization: { type: 'string' },
        countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
        street: { type: 'string' },
        city: { type: 'string' },
        postalCode: { type: 'string' },
        stateProvince: { type: 'string' },
        phone: closed(['number', 'dialingPrefix'], {
          number: { type: 'string' },
          dialingPrefix: { type: 'string', pattern: '^[0-9]{1,3}$' },
        }),
        email: { type: 'string' },
        verification: closed(['status', 'timestamp'], {
          status: { enum: ['REQUESTED', 'VERIFIED'] },
          timestamp: { ...MILLIS, description: 'When it was verified; while it is not, when the mail was asked for' },
        }),
      },
    ),
  });

  return {
    name: 'reseller',
    title: 'D: reseller API',
    version: '1.0.0',
    description:
      'Traditional DNS domains for partners of profile reseller: the TLDs sold and their prices, availability and suggestions, registration, renewal, transfers, contacts, flags, operations, billing and webhooks.',
    basePath: '/partner/v3',
    includes: (route) => route.access?.surface === 'partner' && route.access.profile === 'reseller',
    credential: 'A partner access key of a reseller (`domain-engine accounts create-partner --profile reseller`)',
    errorSchema: 'PartnerError',
    schemas,
  };
};
