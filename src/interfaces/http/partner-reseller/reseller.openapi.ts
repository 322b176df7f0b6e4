import { partnerType } from '../../../application/shared/partner-type';
import { DNS_AVAILABILITY_STATUSES } from '../../../domain/dns-domains/dns-availability';
import { partnerErrorSchemas } from '../shared/openapi/error-schemas';
import { JsonSchema, ref } from '../shared/openapi/json-schema';
import { CENTS, closed, MILLIS, partnerShapes, UNICODE_NAME } from '../shared/openapi/partner-schemas';
import { SurfaceDocument } from '../shared/openapi/surface-document';

/** The answers of surface D (`interface-spec.md` Surface D, `decisions.md` §4), as the controllers write them. */

const NAME: JsonSchema = { type: 'string', description: 'A DNS domain name as stored: lowercase, IDNs as A-labels' };
const PERIOD = closed(['min', 'max', 'increments'], {
  min: { type: 'integer', minimum: 1 },
  max: { type: 'integer', maximum: 10 },
  increments: { const: 1 },
});
const CONSTRAINTS = closed(['registration'], { registration: closed(['period'], { period: PERIOD }) });

export const resellerPartnerDocument = (namespace: string): SurfaceDocument => {
  const { type, list } = partnerShapes(namespace);
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

  const schemas = (): Record<string, JsonSchema> => ({
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
