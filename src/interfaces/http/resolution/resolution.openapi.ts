import { resolutionErrorSchemas } from '../shared/openapi/error-schemas';
import { closed, JsonSchema, ref } from '../shared/openapi/json-schema';
import { SurfaceDocument } from '../shared/openapi/surface-document';

/**
 * The answers of surface E (`interface-spec.md` Surface E, `decisions.md` §5), as the resolution controller writes
 * them.
 */

const nullable = (type: string, extra: JsonSchema = {}): JsonSchema => ({ type: [type, 'null'], ...extra });

const BRAD = {
  meta: {
    type: 'Uns',
    domain: 'brad.crypto',
    unicodeDomain: 'brad.crypto',
    blockchain: 'ETH',
    networkId: 1,
    owner: '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8',
    resolver: '0x049aba7510f45BA5b64ea9E658E342F904DB358D',
    registry: '0x049aba7510f45BA5b64ea9E658E342F904DB358D',
    tokenId: '53115498937382692782103703677178119840631903773202805882273058578308100329417',
    namehash: '0x756e4e998dbffd803c21d23b06cd855cdc7a4b57706c95964a37e24b47c10fc9',
    reverse: false,
  },
  records: { 'crypto.ETH.address': '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8' },
};

export const resolutionDocument: SurfaceDocument = {
  name: 'resolution',
  title: 'E: resolution',
  version: '1.0.0',
  description:
    'Blockchain domain names to their records, owners and metadata, from the indexed registries of ETH, MATIC and BASE: by name, by owner addresses or by record values. An unknown, unsupported or malformed name is not an error: it resolves to null values.',
  basePath: '/resolve',
  includes: (_route, path) => path.startsWith('/resolve/'),
  credential: 'A resolution key (`domain-engine keys create --kind resolution`)',
  errorSchema: 'ResolutionError',
  schemas: () => ({
    ...resolutionErrorSchemas(),
    DomainMeta: closed(
      [
        'type',
        'domain',
        'unicodeDomain',
        'blockchain',
        'networkId',
        'owner',
        'resolver',
        'registry',
        'tokenId',
        'namehash',
        'reverse',
      ],
      {
        type: { const: 'Uns', description: 'The naming service: UNS for every name served here' },
        domain: nullable('string', { description: 'The name as stored: IDNs as their A-label' }),
        unicodeDomain: nullable('string', { description: 'The name in Unicode (the same text when it is not an IDN)' }),
        blockchain: { enum: ['ETH', 'MATIC', 'BASE', null] },
        networkId: nullable('integer'),
        owner: nullable('string', { description: 'EIP-55 checksummed' }),
        resolver: nullable('string'),
        registry: nullable('string'),
        tokenId: nullable('string', { pattern: '^[0-9]+$' }),
        namehash: nullable('string', { pattern: '^0x[0-9a-f]{64}$' }),
        reverse: nullable('boolean', { description: "Whether the owner's reverse resolution points at this name" }),
      },
    ),
    ResolvedDomain: closed(
      ['meta', 'records'],
      { meta: ref('DomainMeta'), records: { type: 'object', additionalProperties: { type: 'string' } } },
      { examples: [BRAD] },
    ),
    ResolvedDomainList: closed(
      ['data', 'meta'],
      {
        data: {
          type: 'array',
          items: closed(['id', 'attributes'], { id: { type: 'string' }, attributes: ref('ResolvedDomain') }),
        },
        meta: closed(['perPage', 'nextStartingAfter', 'sortBy', 'sortDirection', 'hasMore'], {
          perPage: { type: 'integer', minimum: 1 },
          nextStartingAfter: nullable('string', { description: 'Pass as `startingAfter` for the next page' }),
          sortBy: { enum: ['id', 'name', 'created_at'] },
          sortDirection: { enum: ['ASC', 'DESC'] },
          hasMore: { type: 'boolean' },
        }),
      },
      {
        examples: [
          {
            data: [{ id: 'brad.crypto', attributes: BRAD }],
            meta: {
              perPage: 100,
              nextStartingAfter: BRAD.meta.namehash,
              sortBy: 'id',
              sortDirection: 'ASC',
              hasMore: false,
            },
          },
        ],
      },
    ),
    ReverseDomains: closed(
      ['data'],
      {
        data: {
          type: 'array',
          maxItems: 1,
          description: "The address's primary domain (its reverse resolution on chain), or nothing",
          items: ref('ResolvedDomain'),
        },
      },
      { examples: [{ data: [{ ...BRAD, meta: { ...BRAD.meta, reverse: true } }] }] },
    ),
    ReverseDomainList: closed(
      ['data', 'meta'],
      {
        data: {
          type: 'array',
          description: 'The primary domain of each address that has one, in the order the addresses were asked',
          items: ref('ResolvedDomain'),
        },
        meta: closed([], {}),
      },
      { examples: [{ data: [{ ...BRAD, meta: { ...BRAD.meta, reverse: true } }], meta: {} }] },
    ),
    LatestTransfers: closed(
      ['data'],
      {
        data: {
          type: 'array',
          maxItems: 1,
          description:
            'The last transfer on the chain the name lives on (a mint is a transfer from 0x0); none for an unknown name',
          items: closed(
            ['domain', 'from', 'to', 'networkId', 'blockNumber', 'blockchain', 'transactionHash', 'timestamp'],
            {
              domain: { type: 'string' },
              from: { type: 'string', description: 'EIP-55; the zero address for the mint' },
              to: { type: 'string', description: 'EIP-55' },
              networkId: { type: 'integer' },
              blockNumber: { type: 'integer', minimum: 0 },
              blockchain: { enum: ['ETH', 'MATIC', 'BASE'] },
              transactionHash: { type: 'string', pattern: '^0x[0-9a-f]{64}$' },
              timestamp: { type: 'string', format: 'date-time', description: "The block's time" },
            },
          ),
        },
      },
      {
        examples: [
          {
            data: [
              {
                domain: 'brad.crypto',
                from: '0x0000000000000000000000000000000000000000',
                to: BRAD.meta.owner,
                networkId: 1,
                blockNumber: 9082251,
                blockchain: 'ETH',
                transactionHash: '0x8fa5c2a9b2f0f5b1d0c3c4c1a9e3a1d5f7c2e4b6a8d0f2e4c6b8a0d2f4e6a8c0',
                timestamp: '2019-12-13T11:52:32.000Z',
              },
            ],
          },
        ],
      },
    ),
    DomainRecordsList: closed(
      ['data'],
      {
        data: {
          type: 'array',
          items: closed(['domain', 'records'], {
            domain: { type: 'string', description: 'The name as stored (A-label), or as asked when it is no name' },
            records: { type: 'object', additionalProperties: { type: 'string' } },
          }),
        },
      },
      { examples: [{ data: [{ domain: 'brad.crypto', records: BRAD.records }] }] },
    ),
    OwnerDomainList: closed(
      ['data', 'next'],
      {
        data: { type: 'array', items: ref('ResolvedDomain') },
        next: nullable('string', { description: 'Pass as `cursor` for the next page; null on the last' }),
      },
      { examples: [{ data: [BRAD], next: null }] },
    ),
    SupportedTlds: closed(
      ['tlds', 'meta'],
      {
        tlds: { type: 'array', items: { type: 'string' } },
        meta: {
          type: 'object',
          additionalProperties: closed(['namingService', 'registrationBlockchain'], {
            namingService: { const: 'UNS' },
            registrationBlockchain: { enum: ['ETH', 'MATIC', 'BASE'] },
          }),
        },
      },
      { examples: [{ tlds: ['crypto'], meta: { crypto: { namingService: 'UNS', registrationBlockchain: 'MATIC' } } }] },
    ),
    TokenMetadata: closed(
      ['name', 'description', 'tokenId', 'namehash', 'attributes', 'properties'],
      {
        name: { type: 'string', description: 'The name as stored: IDNs as their A-label' },
        description: { type: 'string' },
        tokenId: { type: 'string', pattern: '^[0-9]+$' },
        namehash: { type: 'string', pattern: '^0x[0-9a-f]{64}$' },
        attributes: {
          type: 'array',
          description: 'Traits: ending, length (of the label, in code points), blockchain',
          items: closed(['trait_type', 'value'], {
            trait_type: { type: 'string' },
            value: { type: ['string', 'integer'] },
          }),
        },
        properties: closed(['records'], { records: { type: 'object', additionalProperties: { type: 'string' } } }),
      },
      {
        examples: [
          {
            name: 'brad.crypto',
            description: 'brad.crypto: a blockchain domain on ETH',
            tokenId: '53115498937382692782103703677178119840631903773202805882273058578308100329417',
            namehash: '0x756e4e998dbffd803c21d23b06cd855cdc7a4b57706c95964a37e24b47c10fc9',
            attributes: [
              { trait_type: 'ending', value: 'crypto' },
              { trait_type: 'length', value: 4 },
              { trait_type: 'blockchain', value: 'ETH' },
            ],
            properties: { records: { 'crypto.ETH.address': '0x8aad44321a86b170879d7a244c1e8d360c99dda8' } },
          },
        ],
      },
    ),
    RpcAnswer: closed(
      ['jsonrpc', 'id'],
      {
        jsonrpc: { const: '2.0' },
        id: { type: ['string', 'number', 'null'], description: "The request's id; null when the request had none" },
        result: { description: "The node's result" },
        error: closed(['code', 'message'], {
          code: {
            type: 'integer',
            description:
              "The node's own, or the proxy's: -32600 not a request, -32601 a method not served, -32004 a write method, -32602 bad params, -32005 over a limit (batch size, eth_getLogs range), -32603 the node did not answer",
          },
          message: { type: 'string' },
          data: {},
        }),
      },
      {
        oneOf: [{ required: ['result'] }, { required: ['error'] }],
        examples: [{ jsonrpc: '2.0', id: 1, result: '0x89' }],
      },
    ),
    RpcResponse: {
      description: 'The answer to one request, or the answers to a batch in its order',
      oneOf: [ref('RpcAnswer'), { type: 'array', items: ref('RpcAnswer') }],
    },
    IndexingStatus: closed(
      ['status', 'blockchains', 'blockchain'],
      {
        status: { const: 'ok' },
        blockchains: {
          type: 'object',
          additionalProperties: closed(['latestIndexedBlock', 'indexedAt'], {
            latestIndexedBlock: nullable('integer'),
            indexedAt: nullable('string'),
          }),
        },
        blockchain: {
          type: 'object',
          description: "Each chain's index against the chain's head, as the published resolution API reports it",
          additionalProperties: closed(
            ['isUpToDate', 'latestNetworkBlock', 'latestMirroredBlock', 'networkId', 'acceptableDelayInBlocks'],
            {
              isUpToDate: { type: 'boolean', description: 'The index trails the head by the acceptable delay at most' },
              latestNetworkBlock: nullable('integer', { description: "The chain's head; null when its node is down" }),
              latestMirroredBlock: nullable('integer', { description: 'The last block indexed' }),
              networkId: { type: 'integer' },
              acceptableDelayInBlocks: { type: 'integer', description: 'RESOLUTION_ACCEPTABLE_DELAY_BLOCKS' },
            },
          ),
        },
      },
      {
        examples: [
          {
            status: 'ok',
            blockchains: { MATIC: { latestIndexedBlock: 1204, indexedAt: '2026-11-23T07:00:00.000Z' } },
            blockchain: {
              MATIC: {
                isUpToDate: true,
                latestNetworkBlock: 1206,
                latestMirroredBlock: 1204,
                networkId: 137,
                acceptableDelayInBlocks: 10,
              },
            },
          },
        ],
      },
    ),
  }),
};
