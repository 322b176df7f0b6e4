import { BLOCKCHAIN_DEPENDENCIES } from '../../../application/operations/operation-view';
import { partnerType } from '../../../application/shared/partner-type';
import { BLOCKCHAINS } from '../../../domain/chains/blockchain';
import { AVAILABILITY_STATUSES } from '../../../domain/web3-domains/availability';
import { WEBHOOK_TYPES_OF } from '../../../domain/webhooks/webhook.events';
import { partnerErrorSchemas } from '../shared/openapi/error-schemas';
import { closed, JsonSchema, ref } from '../shared/openapi/json-schema';
import { CENTS, MILLIS, partnerShapes, UNICODE_NAME, webhookSchemas } from '../shared/openapi/partner-schemas';
import { SurfaceDocument, SurfaceDocumentContext } from '../shared/openapi/surface-document';
import { EXPANSIONS, OPERATION_STATUSES, OPERATION_TYPES } from './web3-params.dto';
import { operationHistorySchema } from '../shared/operation-history';

/** The answers of surface C (`interface-spec.md` Surface C, `decisions.md` §3), as the controllers write them. */

const BLOCKCHAIN_TYPES = [...BLOCKCHAIN_DEPENDENCIES];
const PLATFORM_DEPENDENCIES = ['WALLET_CREATE', 'WALLET_SET_DEFAULT', 'WEBHOOK_CREATE', 'WEBHOOK_DELETE'];
const CHAINS = Object.keys(BLOCKCHAINS);

const ADDRESS: JsonSchema = { type: 'string', pattern: '^0x[0-9a-f]{40}$', description: 'An EVM address, lowercase' };
const NAME: JsonSchema = {
  type: 'string',
  description: 'A blockchain domain name as stored: lowercase, IDNs as their A-label',
};

export const web3PartnerDocument = (namespace: string): SurfaceDocument => {
  const { type, list, cursorList, result } = partnerShapes(namespace);

  /** A domain as surface C shows it; lists of an owner's domains call it `DomainMinimal`, as the reference does. */
  const domainSchema = (name: string, description?: string): JsonSchema =>
    closed(
      ['@type', 'name', 'unicodeName', 'owner', 'availability', 'records', 'registration', 'blockchain'],
      {
        '@type': type(name),
        name: NAME,
        unicodeName: UNICODE_NAME,
        owner: closed(
          ['type'],
          { type: { enum: ['NONE', 'SERVICE', 'SELF', 'EXTERNAL'] }, address: ADDRESS },
          { description: 'As the calling account sees it: SELF for its custodial wallets' },
        ),
        availability: closed(['status'], { status: { enum: [...AVAILABILITY_STATUSES] }, price: ref('Price') }),
        records: {
          type: ['object', 'null'],
          additionalProperties: { type: 'string' },
          description: 'With `$expand=records`; null otherwise',
        },
        registration: {
          oneOf: [
            { type: 'null' },
            closed(['tokenId', 'tokenType'], {
              tokenId: { type: 'string', pattern: '^[0-9]+$' },
              tokenType: { const: 'ERC721' },
            }),
          ],
          description: 'With `$expand=registration` for a minted name; null otherwise',
        },
        blockchain: { enum: CHAINS },
      },
      {
        ...(description ? { description } : {}),
        examples: [
          {
            '@type': partnerType(namespace, name),
            name: 'alice.crypto',
            unicodeName: 'alice.crypto',
            owner: { type: 'SELF', address: '0x8aad44321a86b170879d7a244c1e8d360c99dda8' },
            availability: { status: 'REGISTERED' },
            records: { 'crypto.ETH.address': '0x8aad44321a86b170879d7a244c1e8d360c99dda8' },
            registration: null,
            blockchain: 'MATIC',
          },
        ],
      },
    );

  const schemas = ({ dependencyTypes }: SurfaceDocumentContext): Record<string, JsonSchema> => ({
    ...partnerErrorSchemas(),
    Price: closed(
      ['type', 'listPrice', 'subTotal'],
      { type: { enum: ['STANDARD', 'PREMIUM'] }, listPrice: CENTS, subTotal: CENTS },
      {
        description: "By the label's length in code points, or the premium list",
        examples: [{ type: 'STANDARD', listPrice: { usdCents: 4000 }, subTotal: { usdCents: 4000 } }],
      },
    ),
    Domain: domainSchema('Domain'),
    DomainMinimal: domainSchema('DomainMinimal', "A domain of an owner's list"),
    DomainList: list('Domain'),
    DomainMinimalCursorList: cursorList('DomainMinimal'),
    DomainSuggestion: closed(
      ['@type', 'name', 'unicodeName', 'price'],
      { '@type': type('DomainSuggestion'), name: NAME, unicodeName: UNICODE_NAME, price: ref('Price') },
      {
        examples: [
          {
            '@type': partnerType(namespace, 'DomainSuggestion'),
            name: 'getcoffee.crypto',
            unicodeName: 'getcoffee.crypto',
            price: { type: 'STANDARD', listPrice: { usdCents: 4000 }, subTotal: { usdCents: 4000 } },
          },
        ],
      },
    ),
    DomainSuggestionList: list('DomainSuggestion'),
    BlockchainOperation: closed(['id', '@type', 'type', 'status', 'parameters', 'transaction'], {
      id: { type: 'string', pattern: '^bc-' },
      '@type': type('BlockchainOperation'),
      type: { enum: BLOCKCHAIN_TYPES },
      status: { enum: ['PREVIEW', ...OPERATION_STATUSES] },
      parameters: {
        type: 'object',
        description:
          'MINT {toAddress, initialRecords}; UPDATE_RECORDS {recordUpdates, resetRecords}; TRANSFER {fromAddress, toAddress, resetRecords}; RETURN {fromAddress}; SET_REVERSE {address, primaryDomain}',
      },
      transaction: {
        type: 'object',
        required: ['blockchain'],
        description:
          'The transaction sent (its hash, once sent); while SIGNATURE_REQUIRED, what the owner signs (messageToSign) and its parts',
        properties: {
          blockchain: { enum: CHAINS },
          hash: { type: 'string' },
          messageToSign: { type: 'string' },
          to: ADDRESS,
          data: { type: 'string' },
          nonce: { type: 'string' },
          tokenId: { type: 'string' },
        },
      },
      error: closed(['code', 'message'], { code: { type: 'string' }, message: { type: 'string' } }),
    }),
    PlatformOperation: closed(['id', '@type', 'type', 'status', 'parameters'], {
      id: { type: 'string', pattern: '^plop_' },
      '@type': type('PlatformOperation'),
      // the platform work of surface C, and any other the engine has executors for (tests run their own steps)
      type: {
        enum: [
          ...new Set([
            ...PLATFORM_DEPENDENCIES,
            ...dependencyTypes.filter((type) => !BLOCKCHAIN_DEPENDENCIES.has(type)),
          ]),
        ],
      },
      status: { enum: ['PREVIEW', ...OPERATION_STATUSES] },
      parameters: {
        type: 'object',
        description:
          'WALLET_CREATE {}; WALLET_SET_DEFAULT {address}; WEBHOOK_CREATE and WEBHOOK_DELETE {id, type, url} of the webhook',
      },
      result: {
        type: 'object',
        description:
          'Once done: WALLET_CREATE {address}; WALLET_SET_DEFAULT {defaultWalletAddress}; WEBHOOK_CREATE {id}',
      },
      error: closed(['code', 'message'], { code: { type: 'string' }, message: { type: 'string' } }),
    }),
    OperationHistory: operationHistorySchema(type),
    Operation: closed(
      ['@type', 'id', 'status', 'type', 'lastUpdatedTimestamp', 'dependencies'],
      {
        '@type': type('Operation'),
        id: { type: 'string', pattern: '^op-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
        status: {
          enum: [...OPERATION_STATUSES, 'PREVIEW'],
          description: 'One of the six states; PREVIEW only in the answer to a `$preview=true` request',
        },
        type: { enum: [...OPERATION_TYPES] },
        domain: NAME,
        unicodeDomain: UNICODE_NAME,
        lastUpdatedTimestamp: MILLIS,
        validUntilTimestamp: { ...MILLIS, description: 'Of a preview: until when its quote holds' },
        billing: {
          type: 'array',
          description: 'Of a preview: what committing it charges or credits the running balance',
          items: closed(['type', 'reason', 'amount'], {
            type: { enum: ['CHARGE', 'CREDIT'] },
            reason: { type: 'string' },
            amount: CENTS,
          }),
        },
        dependencies: { type: 'array', items: { oneOf: [ref('BlockchainOperation'), ref('PlatformOperation')] } },
      },
      {
        examples: [
          {
            '@type': partnerType(namespace, 'Operation'),
            id: 'op-3b241101-e2bb-4255-8caf-4136c566a962',
            status: 'COMPLETED',
            type: 'DOMAIN_CLAIM',
            domain: 'alice.crypto',
            unicodeDomain: 'alice.crypto',
            lastUpdatedTimestamp: 1795420800000,
            dependencies: [
              {
                id: 'bc-8f14e45f-ceea-467f-a8dd-4b1e0f3c5a21',
                '@type': partnerType(namespace, 'BlockchainOperation'),
                type: 'MINT',
                status: 'COMPLETED',
                parameters: { toAddress: '0x8aad44321a86b170879d7a244c1e8d360c99dda8', initialRecords: {} },
                transaction: {
                  blockchain: 'MATIC',
                  hash: '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
                  tokenId: '1',
                },
              },
            ],
          },
        ],
      },
    ),
    OperationMinimal: closed(
      ['@type', 'id', 'status', 'type', 'createdAtTimestamp', 'lastUpdatedTimestamp'],
      {
        '@type': type('OperationMinimal'),
        id: { type: 'string', pattern: '^op-' },
        status: { enum: [...OPERATION_STATUSES] },
        type: { enum: [...OPERATION_TYPES] },
        domain: NAME,
        unicodeDomain: UNICODE_NAME,
        createdAtTimestamp: MILLIS,
        lastUpdatedTimestamp: MILLIS,
      },
      { description: 'An operation in a list: `GET /operations/{id}` shows its dependencies' },
    ),
    OperationMinimalCursorList: cursorList('OperationMinimal'),
    DomainOperationResult: result('DomainOperationResult'),
    InternalWalletCreateResult: result('InternalWalletCreateResult'),
    WalletUpdateResult: result('WalletUpdateResult'),
    WalletVerificationResult: result('WalletVerificationResult'),
    AccountUpdateResult: result('AccountUpdateResult'),
    WebhookCreateResult: result('WebhookCreateResult'),
    WebhookDeleteResult: result('WebhookDeleteResult'),
    DomainPendingOperation: closed(['@type', 'type', 'status'], {
      '@type': type('DomainPendingOperation'),
      id: { type: 'string', description: 'Only for an operation of the calling account' },
      type: {
        enum: [...OPERATION_TYPES, 'UNKNOWN'],
        description:
          "UNKNOWN: an operation of the other surface, or a transaction in the chain's pool the service did not send",
      },
      status: { enum: [...OPERATION_STATUSES] },
      lastUpdatedTimestamp: MILLIS,
      transaction: closed(['hash'], { hash: { type: 'string' } }),
    }),
    PendingOperationList: list('DomainPendingOperation'),
    AccountSummary: closed(['@type', 'id', 'defaultWalletAddress', 'webhookSecret'], {
      '@type': type('AccountSummary'),
      id: { type: 'string' },
      defaultWalletAddress: { oneOf: [ADDRESS, { type: 'null' }] },
      webhookSecret: {
        type: 'string',
        description: 'The key `x-svc-signature` of webhook deliveries is computed with (`decisions.md` §6)',
      },
    }),
    AccountBilling: closed(['@type', 'balance', 'creditLimit', 'currency'], {
      '@type': type('AccountBilling'),
      balance: { ...CENTS, properties: { usdCents: { type: 'integer' } } },
      creditLimit: CENTS,
      currency: { const: 'USD' },
    }),
    BillingTransaction: closed(
      ['@type', 'id', 'type', 'reason', 'amount', 'operationId', 'domain', 'createdTimestamp'],
      {
        '@type': type('BillingTransaction'),
        id: { type: 'string', pattern: '^btx-' },
        type: { enum: ['CHARGE', 'CREDIT'] },
        reason: { enum: ['DOMAIN_CLAIM', 'CLAIM_REFUND', 'DOMAIN_RETURN'] },
        amount: CENTS,
        operationId: { type: 'string' },
        domain: { type: ['string', 'null'] },
        createdTimestamp: MILLIS,
      },
    ),
    BillingTransactionCursorList: cursorList('BillingTransaction'),
    WalletMinimal: closed(['@type', 'address', 'type'], {
      '@type': type('WalletMinimal'),
      address: ADDRESS,
      type: { enum: ['SELF', 'EXTERNAL'] },
      primaryDomain: {
        oneOf: [NAME, { type: 'null' }],
        description:
          "The wallet's reverse resolution: on /account/wallets when set; on /external/wallets with `$expand=primaryDomain`, null when unset",
      },
    }),
    WalletMinimalCursorList: cursorList('WalletMinimal'),
    WalletUnsignedVerification: closed(['@type', 'message'], {
      '@type': type('WalletUnsignedVerification'),
      message: { type: 'string', description: 'Sign it with the wallet (EIP-191) and send the signature back' },
    }),
    ...webhookSchemas(namespace, WEBHOOK_TYPES_OF.web3),
    WebhookCursorList: cursorList('Webhook'),
    WebhookDeliveryCursorList: cursorList('WebhookDeliveryLog'),
  });

  return {
    name: 'web3-partner',
    title: 'C: web3 partner API',
    version: '3.0.0',
    description: `Blockchain domains on ${CHAINS.join(', ')} for partners of profile web3: lookup, claims into custodial wallets, records, transfers, returns, self-custody signatures, wallets, operations, billing and webhooks. ETH is read-only. \`$expand\` takes ${EXPANSIONS.join(', ')}.`,
    basePath: '/partner/v3',
    includes: (route) => route.access?.surface === 'partner' && route.access.profile === 'web3',
    credential: 'A partner access key of a web3 partner (`domain-engine accounts create-partner --profile web3`)',
    errorSchema: 'PartnerError',
    schemas,
  };
};
