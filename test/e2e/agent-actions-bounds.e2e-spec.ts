import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Every bound of the Limits table that belongs to the actions served, part 1 and the cart (`interface-spec.md`
 * Surface A, Limits), on both sides of its edge, plus unknown properties and wrong types on every action: the route
 * and the published OpenAPI schema of its body agree on each case (the document is made from the classes the route
 * checks with).
 */
interface BoundCase {
  readonly action: string;
  readonly body: Record<string, unknown>;
  readonly valid: boolean;
  readonly what: string;
  /** A well-formed body the action may still refuse for what it asks (checkout of an empty cart). */
  readonly mayBeRefused?: boolean;
}

const contact = ADA_CONTACT;
const names = (count: number): string[] => Array.from({ length: count }, (_, n) => `name${n}.com`);
const ok = (action: string, what: string, body: Record<string, unknown>, mayBeRefused = false): BoundCase => ({
  action,
  body,
  what,
  valid: true,
  mayBeRefused,
});
const bad = (action: string, what: string, body: Record<string, unknown>): BoundCase => ({
  action,
  body,
  what,
  valid: false,
});

const SEARCH = 'svc_domains_search';
const PORTFOLIO = 'svc_portfolio_list';
const KNOWLEDGE = ['svc_knowledge_base_search', 'svc_developer_docs_search', 'svc_api_specs_search'];
const CART_GET = 'svc_cart_get';
const REGISTER = 'svc_cart_add_domain_registration';
const EXTMARKET_A = 'svc_cart_add_domain_extmarket_a';
const EXTMARKET_B = 'svc_cart_add_domain_extmarket_b';
const RENEW = 'svc_cart_add_domain_renewal';
const REMOVE = 'svc_cart_remove';
const PAYMENT_METHODS = 'svc_cart_get_payment_methods';
const AUTO_RENEWAL = 'svc_domain_auto_renewal_update';
const CHECKOUT = 'svc_cart_checkout';
const LIST = 'svc_listing_create';
const LISTED = 'svc_cart_add_domain_listed';
const OFFER = 'svc_offer_create';
const OFFERS = 'svc_offers_list';
const RESPOND = 'svc_offer_respond';
const LEADS = 'svc_leads_list';
const LEAD = 'svc_lead_get';
const MESSAGES = 'svc_lead_messages_list';
const SEND = 'svc_lead_message_send';
const UPDATE = 'svc_listing_update';
const CANCEL = 'svc_listing_cancel';
const lines = (count: number) => names(count).map((name) => ({ name }));
const RECORDS = 'svc_dns_records_list';
const RECORD_ADD = 'svc_dns_record_add';
const RECORD_UPDATE = 'svc_dns_record_update';
const RECORD_REMOVE = 'svc_dns_record_remove';
const REMOVE_ALL = 'svc_dns_records_remove_all';
const NAMESERVERS = 'svc_dns_nameservers_list';
const CUSTOM_NS = 'svc_dns_nameservers_set_custom';
const DEFAULT_NS = 'svc_dns_nameservers_set_default';
const HOSTING = 'svc_dns_hosting_list';
const HOSTING_ADD = 'svc_dns_hosting_add';
const HOSTING_REMOVE = 'svc_dns_hosting_remove';
const PENDING = 'svc_domain_pending_operations';
const FLAGS = 'svc_domain_flags_update';
const PUSH = 'svc_domain_push';
const EXPIREDS = 'svc_expireds_list';
const BACKORDER = 'svc_backorder_create';
const BACKORDER_CANCEL = 'svc_backorder_cancel';
const BACKORDERS = 'svc_backorders_list';
const RECORD_ID = 'rr-3b241101-e2bb-4255-8caf-4136c566a962';

const CASES: readonly BoundCase[] = [
  // svc_domains_search: query 1 to 10 items, each at least one character; tlds up to 5; limit 1-100; offset >= 0
  ok(SEARCH, 'a one-character query', { query: 'a' }),
  bad(SEARCH, 'an empty query', { query: '' }),
  ok(SEARCH, 'a query of 253 characters', { query: 'a'.repeat(253) }),
  bad(SEARCH, 'a query of 254 characters', { query: 'a'.repeat(254) }),
  ok(SEARCH, 'one query in a list', { query: ['coffee'] }),
  bad(SEARCH, 'an empty list of queries', { query: [] }),
  ok(SEARCH, '10 queries', { query: names(10) }),
  bad(SEARCH, '11 queries', { query: names(11) }),
  bad(SEARCH, 'an empty query in a list', { query: ['coffee', ''] }),
  ok(SEARCH, '5 TLDs', { query: 'coffee', tlds: ['com', 'net', 'org', 'ai', 'io'] }),
  bad(SEARCH, '6 TLDs', { query: 'coffee', tlds: ['com', 'net', 'org', 'ai', 'io', 'co'] }),
  ok(SEARCH, 'no TLD', { query: 'coffee', tlds: [] }),
  ok(SEARCH, 'limit 1', { query: 'coffee', limit: 1 }),
  bad(SEARCH, 'limit 0', { query: 'coffee', limit: 0 }),
  ok(SEARCH, 'limit 100', { query: 'coffee', limit: 100 }),
  bad(SEARCH, 'limit 101', { query: 'coffee', limit: 101 }),
  bad(SEARCH, 'a fractional limit', { query: 'coffee', limit: 2.5 }),
  ok(SEARCH, 'offset 0', { query: 'coffee', offset: 0 }),
  ok(SEARCH, 'an offset past the results', { query: 'coffee', offset: 5000 }),
  bad(SEARCH, 'offset -1', { query: 'coffee', offset: -1 }),
  bad(SEARCH, 'no query', {}),
  bad(SEARCH, 'a number as query', { query: 42 }),
  bad(SEARCH, 'a string as TLDs', { query: 'coffee', tlds: 'com' }),
  bad(SEARCH, 'a string as limit', { query: 'coffee', limit: '10' }),
  bad(SEARCH, 'an unknown property', { query: 'coffee', sort: 'price' }),
  // svc_tld_list: an empty object
  ok('svc_tld_list', 'an empty object', {}),
  bad('svc_tld_list', 'an unknown property', { tld: 'com' }),
  // svc_portfolio_list: offset >= 0, limit 1-500, expiringWithinDays 1-365, lengths >= 1, the enumerations
  ok(PORTFOLIO, 'offset 0', { offset: 0 }),
  ok(PORTFOLIO, 'the largest offset', { offset: 2_147_483_647 }),
  bad(PORTFOLIO, 'an offset past any list', { offset: 1e300 }),
  bad(PORTFOLIO, 'offset -1', { offset: -1 }),
  ok(PORTFOLIO, 'limit 1', { limit: 1 }),
  bad(PORTFOLIO, 'limit 0', { limit: 0 }),
  ok(PORTFOLIO, 'limit 500', { limit: 500 }),
  bad(PORTFOLIO, 'limit 501', { limit: 501 }),
  ok(PORTFOLIO, 'expiring within 1 day', { expiringWithinDays: 1 }),
  bad(PORTFOLIO, 'expiring within 0 days', { expiringWithinDays: 0 }),
  ok(PORTFOLIO, 'expiring within 365 days', { expiringWithinDays: 365 }),
  bad(PORTFOLIO, 'expiring within 366 days', { expiringWithinDays: 366 }),
  ok(PORTFOLIO, 'minLength 1', { minLength: 1 }),
  bad(PORTFOLIO, 'minLength 0', { minLength: 0 }),
  ok(PORTFOLIO, 'maxLength 1', { maxLength: 1 }),
  ok(PORTFOLIO, 'maxLength longer than any label', { maxLength: 100 }),
  bad(PORTFOLIO, 'maxLength 0', { maxLength: 0 }),
  ok(PORTFOLIO, 'status for-sale', { status: 'for-sale' }),
  bad(PORTFOLIO, 'status sold', { status: 'sold' }),
  ok(PORTFOLIO, 'registryType web3', { registryType: 'web3' }),
  bad(PORTFOLIO, 'registryType ens', { registryType: 'ens' }),
  ok(PORTFOLIO, 'autoRenewal "false"', { autoRenewal: 'false' }),
  bad(PORTFOLIO, 'autoRenewal as a boolean', { autoRenewal: true }),
  ok(PORTFOLIO, 'expired true', { expired: true }),
  bad(PORTFOLIO, 'expired as text', { expired: 'true' }),
  ok(PORTFOLIO, 'one tag filter', { tagFilters: ['clients'] }),
  bad(PORTFOLIO, 'a tag filter that is not text', { tagFilters: [7] }),
  bad(PORTFOLIO, 'a tag filter longer than a tag', { tagFilters: ['t'.repeat(21)] }),
  ok(PORTFOLIO, 'orderBy watchlistCount', { orderBy: 'watchlistCount' }),
  bad(PORTFOLIO, 'orderBy price', { orderBy: 'price' }),
  ok(PORTFOLIO, 'orderDirection desc', { orderDirection: 'desc' }),
  bad(PORTFOLIO, 'orderDirection down', { orderDirection: 'down' }),
  bad(PORTFOLIO, 'a number as searchTerm', { searchTerm: 5 }),
  bad(PORTFOLIO, 'an unknown property', { page: 2 }),
  // svc_domain_get: 1 to 50 names, each at least one character
  ok('svc_domain_get', 'one name', { domains: ['coffee.com'] }),
  bad('svc_domain_get', 'no name', { domains: [] }),
  ok('svc_domain_get', '50 names', { domains: names(50) }),
  bad('svc_domain_get', '51 names', { domains: names(51) }),
  bad('svc_domain_get', 'an empty name', { domains: [''] }),
  bad('svc_domain_get', 'no domains', {}),
  bad('svc_domain_get', 'a string as domains', { domains: 'coffee.com' }),
  bad('svc_domain_get', 'an unknown property', { domains: ['coffee.com'], expand: true }),
  // svc_contacts_list
  ok('svc_contacts_list', 'includeDisabled true', { includeDisabled: true }),
  bad('svc_contacts_list', 'includeDisabled as text', { includeDisabled: 'true' }),
  bad('svc_contacts_list', 'an unknown property', { status: 'active' }),
  // svc_contact_create: every field required but organization; a plus before the dialing prefix is taken
  ok('svc_contact_create', 'a whole contact, the prefix with its plus', contact),
  ok('svc_contact_create', 'the prefix without its plus, an organization', {
    ...contact,
    organization: 'Engines Ltd',
    phone: { dialingPrefix: '44', number: '2071234567' },
  }),
  bad('svc_contact_create', 'no email', { ...contact, email: undefined }),
  bad('svc_contact_create', 'a malformed email', { ...contact, email: 'ada-at-example' }),
  bad('svc_contact_create', 'a three-letter country code', { ...contact, countryCode: 'GBR' }),
  bad('svc_contact_create', 'a phone without its number', { ...contact, phone: { dialingPrefix: '+44' } }),
  bad('svc_contact_create', 'a dialing prefix with two pluses', {
    ...contact,
    phone: { dialingPrefix: '++1', number: '2025550123' },
  }),
  bad('svc_contact_create', 'a dialing prefix of four digits', {
    ...contact,
    phone: { dialingPrefix: '4444', number: '2071234567' },
  }),
  bad('svc_contact_create', 'a phone as text', { ...contact, phone: '+44 20 7123 4567' }),
  bad('svc_contact_create', 'an unknown property', { ...contact, fax: '123' }),
  bad('svc_contact_create', 'an unknown property of the phone', { ...contact, phone: { ...contact.phone, ext: '1' } }),
  // the tags the portfolio filters by: 1 to 50 domains, 1 to 10 tags of 1 to 20 characters
  ...['svc_domain_tags_add', 'svc_domain_tags_remove'].flatMap((action) => [
    ok(action, '50 domains, one tag of 20 characters', { domains: names(50), tags: ['t'.repeat(20)] }),
    bad(action, '51 domains', { domains: names(51), tags: ['clients'] }),
    bad(action, 'no domain', { domains: [], tags: ['clients'] }),
    ok(action, '10 tags', { domains: ['coffee.com'], tags: Array.from({ length: 10 }, (_, n) => `tag${n}`) }),
    bad(action, '11 tags', { domains: ['coffee.com'], tags: Array.from({ length: 11 }, (_, n) => `tag${n}`) }),
    bad(action, 'a tag of 21 characters', { domains: ['coffee.com'], tags: ['t'.repeat(21)] }),
    bad(action, 'an empty tag', { domains: ['coffee.com'], tags: [''] }),
    bad(action, 'a tag as a string', { domains: ['coffee.com'], tags: 'clients' }),
    bad(action, 'an unknown property', { domains: ['coffee.com'], tags: ['clients'], color: 'red' }),
  ]),
  // the cart: discount codes 1 to 64 characters (a well-formed code that is not one of ours is refused by the cart
  // itself: agent-cart.e2e-spec.ts); registrations 1 to 100 lines (the cart's size), the others 1 to 50;
  // quantity 1 to 10 years; product ids 1 to 100 positive integers
  ok(CART_GET, 'no discount code', {}),
  bad(CART_GET, 'an empty discount code', { discountCode: '' }),
  bad(CART_GET, 'a discount code of 65 characters', { discountCode: 'X'.repeat(65) }),
  bad(CART_GET, 'a number as discount code', { discountCode: 10 }),
  bad(CART_GET, 'an unknown property', { code: 'WELCOME' }),
  ok(REGISTER, 'one name', { domains: [{ name: 'name0.com' }] }),
  ok(REGISTER, '1 year, productType Domain', { domains: [{ name: 'name0.com', quantity: 1, productType: 'Domain' }] }),
  ok(REGISTER, '10 years', { domains: [{ name: 'name0.com', quantity: 10 }] }),
  bad(REGISTER, '0 years', { domains: [{ name: 'name0.com', quantity: 0 }] }),
  bad(REGISTER, '11 years', { domains: [{ name: 'name0.com', quantity: 11 }] }),
  bad(REGISTER, 'a year and a half', { domains: [{ name: 'name0.com', quantity: 1.5 }] }),
  bad(REGISTER, 'years as text', { domains: [{ name: 'name0.com', quantity: '2' }] }),
  bad(REGISTER, 'another productType', { domains: [{ name: 'name0.com', productType: 'Hosting' }] }),
  ok(REGISTER, '100 names', { domains: lines(100) }),
  bad(REGISTER, '101 names', { domains: lines(101) }),
  bad(REGISTER, 'no name', { domains: [] }),
  bad(REGISTER, 'a line without its name', { domains: [{ quantity: 1 }] }),
  bad(REGISTER, 'an empty name', { domains: [{ name: '' }] }),
  ok(REGISTER, 'a name of 253 characters', { domains: [{ name: 'a'.repeat(253) }] }),
  bad(REGISTER, 'a name of 254 characters', { domains: [{ name: 'a'.repeat(254) }] }),
  bad(REGISTER, 'names as strings', { domains: ['name0.com'] }),
  bad(REGISTER, 'a line that is null', { domains: [null] }),
  bad(REGISTER, 'an unknown property', { domains: [{ name: 'name0.com' }], coupon: 'X' }),
  bad(REGISTER, 'an unknown property of a line', { domains: [{ name: 'name0.com', years: 2 }] }),
  ...[EXTMARKET_A, EXTMARKET_B, RENEW].flatMap((action) => [
    ok(action, 'one name', { domains: [{ name: 'name0.com' }] }),
    ok(action, '50 names', { domains: lines(50) }),
    bad(action, '51 names', { domains: lines(51) }),
    bad(action, 'no name', { domains: [] }),
    bad(action, 'an empty name', { domains: [{ name: '' }] }),
    bad(action, 'a number as name', { domains: [{ name: 7 }] }),
    bad(action, 'an unknown property', { domains: [{ name: 'name0.com' }], price: 1 }),
  ]),
  ok(LISTED, 'one name to buy at once', { domains: [{ name: 'name0.com' }] }),
  ok(LISTED, '50 names', { domains: lines(50) }),
  bad(LISTED, '51 names', { domains: lines(51) }),
  bad(LISTED, 'no name', { domains: [] }),
  ok(LISTED, 'a lease of 2 payments', {
    domains: [{ name: 'name0.com', leaseToOwnOptions: { type: 'equal_installments', termLength: 2 } }],
  }),
  ok(LISTED, 'a lease of 120 payments with 90% down', {
    domains: [
      {
        name: 'name0.com',
        leaseToOwnOptions: { type: 'down_payment_plus_equal_installments', termLength: 120, downPaymentPercentage: 90 },
      },
    ],
  }),
  bad(LISTED, 'a lease of 1 payment', {
    domains: [{ name: 'name0.com', leaseToOwnOptions: { type: 'equal_installments', termLength: 1 } }],
  }),
  bad(LISTED, 'a lease of 12.5 payments', {
    domains: [{ name: 'name0.com', leaseToOwnOptions: { type: 'equal_installments', termLength: 12.5 } }],
  }),
  bad(LISTED, 'a lease of 121 payments', {
    domains: [{ name: 'name0.com', leaseToOwnOptions: { type: 'equal_installments', termLength: 121 } }],
  }),
  bad(LISTED, 'a down payment of 9.9%', {
    domains: [
      {
        name: 'name0.com',
        leaseToOwnOptions: { type: 'down_payment_plus_equal_installments', termLength: 12, downPaymentPercentage: 9.9 },
      },
    ],
  }),
  bad(LISTED, 'a lease without its plan type', {
    domains: [{ name: 'name0.com', leaseToOwnOptions: { termLength: 12 } }],
  }),
  bad(LISTED, 'a quantity, which a purchase has not', { domains: [{ name: 'name0.com', quantity: 1 }] }),
  bad(LISTED, 'an unknown property', { domains: [{ name: 'name0.com' }], offerId: 3 }),
  ...[EXTMARKET_A, EXTMARKET_B].map((action) =>
    bad(action, 'a quantity, which a purchase has not', { domains: [{ name: 'name0.com', quantity: 1 }] }),
  ),
  ok(RENEW, '10 years', { domains: [{ name: 'name0.com', quantity: 10 }] }),
  bad(RENEW, '0 years', { domains: [{ name: 'name0.com', quantity: 0 }] }),
  bad(RENEW, '11 years', { domains: [{ name: 'name0.com', quantity: 11 }] }),
  ok(REMOVE, 'one product id', { productIds: [1] }),
  ok(REMOVE, '100 product ids', { productIds: Array.from({ length: 100 }, (_, n) => n + 1) }),
  bad(REMOVE, '101 product ids', { productIds: Array.from({ length: 101 }, (_, n) => n + 1) }),
  bad(REMOVE, 'no product id', { productIds: [] }),
  bad(REMOVE, 'product id 0', { productIds: [0] }),
  ok(REMOVE, 'the largest product id', { productIds: [2_147_483_647] }),
  bad(REMOVE, 'a product id past the largest', { productIds: [2_147_483_648] }),
  bad(REMOVE, 'a fractional product id', { productIds: [1.5] }),
  bad(REMOVE, 'a product id as text', { productIds: ['1'] }),
  bad(REMOVE, 'no productIds', {}),
  bad(REMOVE, 'an unknown property', { productIds: [1], all: true }),
  // payment methods: an empty object
  ok(PAYMENT_METHODS, 'an empty object', {}),
  bad(PAYMENT_METHODS, 'an unknown property', { cards: true }),
  // checkout: every property optional; with an empty cart a well-formed body is refused by the cart, not its shape
  ok(CHECKOUT, 'an empty object', {}, true),
  ok(
    CHECKOUT,
    'every property',
    {
      paymentMethodId: 'pm_card_visa',
      useAccountBalance: false,
      discountCode: 'X',
      contactId: 'con_00000000-0000-4000-8000-000000000000',
    },
    true,
  ),
  ok(CHECKOUT, 'a payment method id of 255 characters', { paymentMethodId: 'p'.repeat(255) }, true),
  bad(CHECKOUT, 'a payment method id of 256 characters', { paymentMethodId: 'p'.repeat(256) }),
  bad(CHECKOUT, 'an empty payment method id', { paymentMethodId: '' }),
  bad(CHECKOUT, 'useAccountBalance as text', { useAccountBalance: 'true' }),
  bad(CHECKOUT, 'a contact id of another shape', { contactId: 'contact-1' }),
  bad(CHECKOUT, 'a number as contact id', { contactId: 1 }),
  bad(CHECKOUT, 'a discount code of 65 characters', { discountCode: 'X'.repeat(65) }),
  bad(CHECKOUT, 'an unknown property', { amount: 100 }),
  // auto-renewal: enable or disable, 1 to 50 names, an optional card
  ok(AUTO_RENEWAL, 'enable one name', { action: 'enable', domains: [{ name: 'name0.com' }] }),
  ok(AUTO_RENEWAL, 'disable 50 names', { action: 'disable', domains: lines(50) }),
  ok(AUTO_RENEWAL, 'with a card', {
    action: 'enable',
    domains: [{ name: 'name0.com' }],
    paymentMethodId: 'pm_card_visa',
  }),
  bad(AUTO_RENEWAL, '51 names', { action: 'enable', domains: lines(51) }),
  bad(AUTO_RENEWAL, 'no name', { action: 'enable', domains: [] }),
  bad(AUTO_RENEWAL, 'another action', { action: 'pause', domains: [{ name: 'name0.com' }] }),
  bad(AUTO_RENEWAL, 'no action', { domains: [{ name: 'name0.com' }] }),
  bad(AUTO_RENEWAL, 'an empty card', { action: 'enable', domains: [{ name: 'name0.com' }], paymentMethodId: '' }),
  bad(AUTO_RENEWAL, 'an unknown property', { action: 'enable', domains: [{ name: 'name0.com' }], years: 2 }),
  bad(AUTO_RENEWAL, 'an unknown property of a name', { action: 'enable', domains: [{ name: 'name0.com', on: true }] }),
  // the pages' links
  ok('svc_cart_add_payment_method_url', 'an empty object', {}),
  bad('svc_cart_add_payment_method_url', 'an unknown property', { returnUrl: 'https://example.com' }),
  ok('svc_cart_get_url', 'an empty object', {}),
  bad('svc_cart_get_url', 'an empty discount code', { discountCode: '' }),
  bad('svc_cart_get_url', 'a discount code of 65 characters', { discountCode: 'X'.repeat(65) }),
  bad('svc_cart_get_url', 'an unknown property', { items: [] }),
  // listings (issue 27): 1 to 50 per call; prices whole cents 0 to 10^11; expiry ISO 8601; lease plans of 2 to 120
  // months with a down payment of 10 to 90 percent (whether the listing's rules hold is told per listing)
  ok(LIST, 'one name at a price', { domains: [{ domainName: 'name0.com', priceInCents: 1 }] }),
  ok(LIST, '50 names', { domains: names(50).map((domainName) => ({ domainName })) }),
  bad(LIST, '51 names', { domains: names(51).map((domainName) => ({ domainName })) }),
  bad(LIST, 'no name', { domains: [] }),
  bad(LIST, 'an empty name', { domains: [{ domainName: '' }] }),
  bad(LIST, 'a name of 254 characters', { domains: [{ domainName: 'a'.repeat(254) }] }),
  ok(LIST, 'the highest price', { domains: [{ domainName: 'name0.com', priceInCents: 100_000_000_000 }] }),
  bad(LIST, 'a price past the highest', { domains: [{ domainName: 'name0.com', priceInCents: 100_000_000_001 }] }),
  bad(LIST, 'a negative price', { domains: [{ domainName: 'name0.com', priceInCents: -1 }] }),
  bad(LIST, 'a price of fractional cents', { domains: [{ domainName: 'name0.com', priceInCents: 10.5 }] }),
  bad(LIST, 'a price as text', { domains: [{ domainName: 'name0.com', priceInCents: '100' }] }),
  ok(LIST, 'an ISO 8601 expiry', { domains: [{ domainName: 'name0.com', expiresAt: '2030-01-01T00:00:00Z' }] }),
  bad(LIST, 'an expiry that is no time', { domains: [{ domainName: 'name0.com', expiresAt: 'next week' }] }),
  bad(LIST, 'an expiry as a number', { domains: [{ domainName: 'name0.com', expiresAt: 1893456000000 }] }),
  ok(LIST, 'offer settings', {
    domains: [
      {
        domainName: 'name0.com',
        listingSettings: { isOfferFeatureEnabled: true, minOfferAmountInCents: 0, domainDisplayName: 'Name0.com' },
      },
    ],
  }),
  bad(LIST, 'a negative minimum offer', {
    domains: [{ domainName: 'name0.com', listingSettings: { minOfferAmountInCents: -1 } }],
  }),
  bad(LIST, 'an empty display name', {
    domains: [{ domainName: 'name0.com', listingSettings: { domainDisplayName: '' } }],
  }),
  bad(LIST, 'an unknown setting', { domains: [{ domainName: 'name0.com', listingSettings: { featured: true } }] }),
  ok(LIST, 'a lease of 2 months', {
    domains: [
      {
        domainName: 'name0.com',
        priceInCents: 1_000,
        leaseToOwnOptions: { type: 'equal_installments', maxTermLength: 2 },
      },
    ],
  }),
  ok(LIST, 'a lease of 120 months with 10% down', {
    domains: [
      {
        domainName: 'name0.com',
        priceInCents: 1_000,
        leaseToOwnOptions: {
          type: 'down_payment_plus_equal_installments',
          maxTermLength: 120,
          downPaymentPercentage: 10,
        },
      },
    ],
  }),
  bad(LIST, 'a lease of 1 month', {
    domains: [{ domainName: 'name0.com', leaseToOwnOptions: { type: 'equal_installments', maxTermLength: 1 } }],
  }),
  bad(LIST, 'a lease of 12.5 months', {
    domains: [{ domainName: 'name0.com', leaseToOwnOptions: { type: 'equal_installments', maxTermLength: 12.5 } }],
  }),
  bad(LIST, 'a lease of 121 months', {
    domains: [{ domainName: 'name0.com', leaseToOwnOptions: { type: 'equal_installments', maxTermLength: 121 } }],
  }),
  ok(LIST, 'a down payment of 90%', {
    domains: [
      {
        domainName: 'name0.com',
        leaseToOwnOptions: {
          type: 'down_payment_plus_equal_installments',
          maxTermLength: 12,
          downPaymentPercentage: 90,
        },
      },
    ],
  }),
  bad(LIST, 'a down payment of 9%', {
    domains: [
      {
        domainName: 'name0.com',
        leaseToOwnOptions: {
          type: 'down_payment_plus_equal_installments',
          maxTermLength: 12,
          downPaymentPercentage: 9,
        },
      },
    ],
  }),
  bad(LIST, 'a down payment of 91%', {
    domains: [
      {
        domainName: 'name0.com',
        leaseToOwnOptions: {
          type: 'down_payment_plus_equal_installments',
          maxTermLength: 12,
          downPaymentPercentage: 91,
        },
      },
    ],
  }),
  bad(LIST, 'another lease type', {
    domains: [{ domainName: 'name0.com', leaseToOwnOptions: { type: 'rent', maxTermLength: 12 } }],
  }),
  bad(LIST, 'a lease without its term', {
    domains: [{ domainName: 'name0.com', leaseToOwnOptions: { type: 'equal_installments' } }],
  }),
  ok(LIST, 'the email alias flag', { domains: [{ domainName: 'name0.com', isEmailAliasUsed: false }] }),
  bad(LIST, 'an unknown property', { domains: [{ domainName: 'name0.com' }], auction: true }),
  bad(LIST, 'an unknown property of a listing', { domains: [{ domainName: 'name0.com', reserve: 5 }] }),
  ok(UPDATE, 'one listing', { listings: [{ id: 1, priceInCents: 5 }] }),
  ok(UPDATE, '50 listings', { listings: Array.from({ length: 50 }, (_, n) => ({ id: n + 1 })) }),
  bad(UPDATE, '51 listings', { listings: Array.from({ length: 51 }, (_, n) => ({ id: n + 1 })) }),
  bad(UPDATE, 'no listing', { listings: [] }),
  bad(UPDATE, 'a listing without its id', { listings: [{ priceInCents: 5 }] }),
  bad(UPDATE, 'listing id 0', { listings: [{ id: 0 }] }),
  ok(UPDATE, 'the largest listing id', { listings: [{ id: Number.MAX_SAFE_INTEGER }] }),
  bad(UPDATE, 'a listing id past the largest', { listings: [{ id: Number.MAX_SAFE_INTEGER + 1 }] }),
  bad(UPDATE, 'a listing id as text', { listings: [{ id: '1' }] }),
  bad(UPDATE, 'a fractional listing id', { listings: [{ id: 1.5 }] }),
  ok(UPDATE, 'a lease taken off', { listings: [{ id: 1, leaseToOwnOptions: null }] }),
  bad(UPDATE, 'a price past the highest', { listings: [{ id: 1, priceInCents: 100_000_000_001 }] }),
  bad(UPDATE, 'an unknown property', { listings: [{ id: 1 }], force: true }),
  ok(CANCEL, 'one listing id', { listingIds: [1] }),
  ok(CANCEL, '50 listing ids', { listingIds: Array.from({ length: 50 }, (_, n) => n + 1) }),
  bad(CANCEL, '51 listing ids', { listingIds: Array.from({ length: 51 }, (_, n) => n + 1) }),
  bad(CANCEL, 'no listing id', { listingIds: [] }),
  bad(CANCEL, 'listing id 0', { listingIds: [0] }),
  bad(CANCEL, 'a fractional listing id', { listingIds: [1.5] }),
  bad(CANCEL, 'listing ids as text', { listingIds: '1' }),
  bad(CANCEL, 'an unknown property', { listingIds: [1], reason: 'sold' }),
  // offers (svc_offer_create is ours): prices 1 to 10^11 cents, notes 1 to 1000 characters, pages from 1;
  // answers 1 to 50; leads: take 1 to 100, skip from 0; messages 1 to 1000 characters (a name not listed, an offer
  // or a conversation that does not exist are refused by the marketplace itself, not by the body's shape)
  ok(OFFER, 'a one-cent offer', { domainName: 'name0.com', priceInCents: 1 }, true),
  ok(
    OFFER,
    'the highest offer, with a note of 1000 characters',
    { domainName: 'name0.com', priceInCents: 100_000_000_000, message: 'm'.repeat(1000) },
    true,
  ),
  bad(OFFER, 'an offer of 0', { domainName: 'name0.com', priceInCents: 0 }),
  bad(OFFER, 'an offer past the highest', { domainName: 'name0.com', priceInCents: 100_000_000_001 }),
  bad(OFFER, 'an offer of fractional cents', { domainName: 'name0.com', priceInCents: 1.5 }),
  bad(OFFER, 'a note of 1001 characters', { domainName: 'name0.com', priceInCents: 1, message: 'm'.repeat(1001) }),
  bad(OFFER, 'an empty note', { domainName: 'name0.com', priceInCents: 1, message: '' }),
  bad(OFFER, 'no price', { domainName: 'name0.com' }),
  bad(OFFER, 'an unknown property', { domainName: 'name0.com', priceInCents: 1, currency: 'EUR' }),
  ok(OFFERS, 'page 1 of the active ones', { page: 1, group: 'active' }),
  ok(OFFERS, 'the last page allowed, sold ones of a name', { page: 10_000, group: 'sold', domainName: 'name0.com' }),
  bad(OFFERS, 'page 0', { page: 0 }),
  bad(OFFERS, 'page 1.5', { page: 1.5 }),
  bad(OFFERS, 'page 10001', { page: 10_001 }),
  bad(OFFERS, 'group pending', { group: 'pending' }),
  bad(OFFERS, 'an unknown property', { status: 'open' }),
  ok(RESPOND, 'one answer', { offers: [{ id: 1, action: 'accept' }] }),
  ok(RESPOND, '50 answers', { offers: Array.from({ length: 50 }, (_, n) => ({ id: n + 1, action: 'reject' })) }),
  bad(RESPOND, '51 answers', { offers: Array.from({ length: 51 }, (_, n) => ({ id: n + 1, action: 'reject' })) }),
  bad(RESPOND, 'no answer', { offers: [] }),
  bad(RESPOND, 'a counter-offer', { offers: [{ id: 1, action: 'counter' }] }),
  bad(RESPOND, 'an answer without its offer', { offers: [{ action: 'accept' }] }),
  bad(RESPOND, 'an unknown property', { offers: [{ id: 1, action: 'accept', priceInCents: 5 }] }),
  ok(LEADS, 'take 1', { take: 1 }),
  ok(LEADS, 'take 100, skip 0, empty ones too', { take: 100, skip: 0, skipEmpty: false, domain: 'name0.com' }),
  bad(LEADS, 'take 0', { take: 0 }),
  bad(LEADS, 'take 2.5', { take: 2.5 }),
  bad(RESPOND, 'a fractional offer id', { offers: [{ id: 1.5, action: 'accept' }] }),
  bad(LEADS, 'take 101', { take: 101 }),
  bad(LEADS, 'skip -1', { skip: -1 }),
  bad(LEADS, 'skipEmpty as text', { skipEmpty: 'false' }),
  bad(LEADS, 'an unknown property', { unread: true }),
  ok(LEAD, 'a domain', { domain: 'name0.com' }, true),
  ok(LEAD, 'a domain and a buyer id', { domain: 'name0.com', buyerId: `buy_${'0'.repeat(32)}` }, true),
  bad(LEAD, 'a buyer id of another shape', { domain: 'name0.com', buyerId: 'acc-1' }),
  bad(LEAD, 'no domain', { buyerId: `buy_${'0'.repeat(32)}` }),
  bad(LEAD, 'an unknown property', { domain: 'name0.com', sellerId: 'x' }),
  ok(MESSAGES, 'a conversation', { conversationId: 1 }, true),
  ok(MESSAGES, 'a conversation and a cursor', { conversationId: 1, cursor: '20' }, true),
  bad(MESSAGES, 'conversation 0', { conversationId: 0 }),
  bad(MESSAGES, 'a cursor of another shape', { conversationId: 1, cursor: 'older' }),
  bad(MESSAGES, 'a conversation id as text', { conversationId: '1' }),
  bad(MESSAGES, 'an unknown property', { conversationId: 1, take: 5 }),
  ok(SEND, 'a message of 1 character', { conversationId: 1, content: 'a' }, true),
  ok(SEND, 'a message of 1000 characters', { conversationId: 1, content: 'a'.repeat(1000) }, true),
  ok(SEND, 'a message of 1000 emoji', { conversationId: 1, content: '🙂'.repeat(1000) }, true),
  bad(SEND, 'a message of 1001 characters', { conversationId: 1, content: 'a'.repeat(1001) }),
  bad(SEND, 'an empty message', { conversationId: 1, content: '' }),
  bad(SEND, 'no conversation', { content: 'a' }),
  bad(SEND, 'an unknown property', { conversationId: 1, content: 'a', to: 'seller' }),
  // the three open searches: 2 to 200 characters
  ...KNOWLEDGE.flatMap((action) => [
    ok(action, 'a query of 2 characters', { query: 'ds' }),
    bad(action, 'a query of 1 character', { query: 'd' }),
    ok(action, 'a query of 200 characters', { query: 'renew '.repeat(34).slice(0, 200) }),
    bad(action, 'a query of 201 characters', { query: 'renew '.repeat(34).slice(0, 201) }),
    bad(action, 'a number as query', { query: 12 }),
    bad(action, 'an unknown property', { query: 'renew', limit: 5 }),
  ]),
  // the DNS actions: 1 to 50 lines; record values 1 to 100 of at most 1000 characters, TTL 60 to 604800 seconds;
  // 2 to 12 nameservers; a name the user does not hold is refused for what it asks (404, or that line's error)
  ok(RECORDS, 'a domain', { domain: 'name0.com' }, true),
  ok(RECORDS, 'a type, a subName and a cursor', { domain: 'name0.com', type: 'MX', subName: '@', cursor: 'x' }, true),
  bad(RECORDS, 'an unknown type', { domain: 'name0.com', type: 'SPF' }),
  bad(RECORDS, 'an empty cursor', { domain: 'name0.com', cursor: '' }),
  bad(RECORDS, 'no domain', {}),
  bad(RECORDS, 'an unknown property', { domain: 'name0.com', limit: 5 }),
  ok(RECORD_ADD, '50 records, TTL 60', {
    records: names(50).map((domain) => ({ domain, type: 'TXT', values: ['"v"'], ttl: 60 })),
  }),
  ok(
    RECORD_ADD,
    '100 values',
    { records: [{ domain: 'name0.com', type: 'TXT', values: Array(100).fill('"v"') }] },
    true,
  ),
  bad(RECORD_ADD, '51 records', { records: names(51).map((domain) => ({ domain, type: 'A', values: ['192.0.2.1'] })) }),
  bad(RECORD_ADD, 'no record', { records: [] }),
  bad(RECORD_ADD, '101 values', { records: [{ domain: 'name0.com', type: 'TXT', values: Array(101).fill('"v"') }] }),
  bad(RECORD_ADD, 'no value', { records: [{ domain: 'name0.com', type: 'TXT', values: [] }] }),
  ok(RECORD_ADD, 'a value of 1000 characters', {
    records: [{ domain: 'name0.com', type: 'TXT', values: ['v'.repeat(1000)] }],
  }),
  bad(RECORD_ADD, 'a value of 1001 characters', {
    records: [{ domain: 'name0.com', type: 'TXT', values: ['v'.repeat(1001)] }],
  }),
  ok(RECORD_ADD, 'TTL 604800, upsertMode append', {
    records: [{ domain: 'name0.com', type: 'A', values: ['192.0.2.1'], ttl: 604_800 }],
    upsertMode: 'append',
  }),
  bad(RECORD_ADD, 'TTL 59', { records: [{ domain: 'name0.com', type: 'A', values: ['192.0.2.1'], ttl: 59 }] }),
  bad(RECORD_ADD, 'TTL 604801', { records: [{ domain: 'name0.com', type: 'A', values: ['192.0.2.1'], ttl: 604_801 }] }),
  bad(RECORD_ADD, 'a fractional TTL', {
    records: [{ domain: 'name0.com', type: 'A', values: ['192.0.2.1'], ttl: 60.5 }],
  }),
  bad(RECORD_ADD, 'upsertMode merge', {
    records: [{ domain: 'name0.com', type: 'A', values: ['192.0.2.1'] }],
    upsertMode: 'merge',
  }),
  bad(RECORD_ADD, 'a value that is not text', { records: [{ domain: 'name0.com', type: 'A', values: [1] }] }),
  bad(RECORD_ADD, 'an unknown property', {
    records: [{ domain: 'name0.com', type: 'A', values: ['192.0.2.1'], priority: 1 }],
  }),
  ok(RECORD_UPDATE, 'a record by its id', {
    records: [{ domain: 'name0.com', recordId: RECORD_ID, values: ['192.0.2.1'] }],
  }),
  bad(RECORD_UPDATE, 'a record id of another shape', {
    records: [{ domain: 'name0.com', recordId: '42', values: ['192.0.2.1'] }],
  }),
  bad(RECORD_UPDATE, 'no values', { records: [{ domain: 'name0.com', recordId: RECORD_ID }] }),
  bad(RECORD_UPDATE, 'an unknown property', {
    records: [{ domain: 'name0.com', recordId: RECORD_ID, values: ['x'], type: 'A' }],
  }),
  ok(RECORD_REMOVE, '50 records', { records: names(50).map((domain) => ({ domain, recordId: RECORD_ID })) }),
  bad(RECORD_REMOVE, '51 records', { records: names(51).map((domain) => ({ domain, recordId: RECORD_ID })) }),
  bad(RECORD_REMOVE, 'an unknown property', { records: [{ domain: 'name0.com', recordId: RECORD_ID, force: true }] }),
  ok(REMOVE_ALL, '50 domains, confirmed', { domains: lines(50), confirmDeleteAll: true }),
  bad(REMOVE_ALL, 'not confirmed', { domains: lines(1), confirmDeleteAll: false }),
  bad(REMOVE_ALL, 'no confirmation', { domains: lines(1) }),
  bad(REMOVE_ALL, '51 domains', { domains: lines(51), confirmDeleteAll: true }),
  bad(REMOVE_ALL, 'an unknown property', { domains: lines(1), confirmDeleteAll: true, keep: ['MX'] }),
  ok(NAMESERVERS, 'a domain with its DS records', { domain: 'name0.com', includeDnssec: true }, true),
  bad(NAMESERVERS, 'includeDnssec as text', { domain: 'name0.com', includeDnssec: 'yes' }),
  bad(NAMESERVERS, 'an unknown property', { domain: 'name0.com', expand: ['dnssec'] }),
  ok(CUSTOM_NS, '2 nameservers', {
    domains: [{ name: 'name0.com', nameservers: ['ns1.example.net', 'ns2.example.net'] }],
  }),
  ok(CUSTOM_NS, '12 nameservers and a DS record', {
    domains: [
      {
        name: 'name0.com',
        nameservers: Array.from({ length: 12 }, (_, n) => `ns${n}.example.net`),
        dnssec: { records: [{ keyTag: 1, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }] },
      },
    ],
  }),
  bad(CUSTOM_NS, '1 nameserver', { domains: [{ name: 'name0.com', nameservers: ['ns1.example.net'] }] }),
  bad(CUSTOM_NS, '13 nameservers', {
    domains: [{ name: 'name0.com', nameservers: Array.from({ length: 13 }, (_, n) => `ns${n}.example.net`) }],
  }),
  bad(CUSTOM_NS, 'a DS record without its digest', {
    domains: [
      {
        name: 'name0.com',
        nameservers: ['a.example', 'b.example'],
        dnssec: { records: [{ keyTag: 1, algorithm: 13, digestType: 2 }] },
      },
    ],
  }),
  bad(CUSTOM_NS, 'an unknown property', {
    domains: [{ name: 'name0.com', nameservers: ['a.example', 'b.example'], glue: [] }],
  }),
  ok(DEFAULT_NS, '50 domains', { domains: lines(50) }),
  bad(DEFAULT_NS, '51 domains', { domains: lines(51) }),
  bad(DEFAULT_NS, 'an unknown property', { domains: lines(1), dnssec: true }),
  ok(HOSTING, 'a domain', { domain: 'name0.com' }, true),
  bad(HOSTING, 'an unknown property', { domain: 'name0.com', subName: 'www' }),
  ok(HOSTING_ADD, 'a redirect and a for-sale page', {
    domains: [
      { name: 'name0.com', type: 'REDIRECT_301', targetUrl: 'https://example.org/', subName: 'www' },
      { name: 'name1.com', type: 'LISTING_PAGE', forceCompatibility: true },
    ],
  }),
  bad(HOSTING_ADD, 'a hosting type we do not serve', { domains: [{ name: 'name0.com', type: 'STOREFRONT' }] }),
  bad(HOSTING_ADD, 'a target of 2001 characters', {
    domains: [{ name: 'name0.com', type: 'REDIRECT_302', targetUrl: `https://example.org/${'a'.repeat(1981)}` }],
  }),
  bad(HOSTING_ADD, '51 domains', { domains: names(51).map((name) => ({ name, type: 'LISTING_PAGE' })) }),
  bad(HOSTING_ADD, 'an unknown property', { domains: [{ name: 'name0.com', type: 'LISTING_PAGE', theme: 'dark' }] }),
  ok(HOSTING_REMOVE, 'a hosted name, and all of another, confirmed', {
    domains: [
      { name: 'name0.com', subName: 'www' },
      { name: 'name1.com', deleteAll: true },
    ],
    confirmDeleteAll: true,
  }),
  bad(HOSTING_REMOVE, 'confirmDeleteAll false', { domains: lines(1), confirmDeleteAll: false }),
  bad(HOSTING_REMOVE, 'an unknown property', { domains: [{ name: 'name0.com', type: 'REDIRECT_301' }] }),
  ok(PENDING, '50 domains with the ended operations', { domains: lines(50), includeCompleted: true }),
  bad(PENDING, '51 domains', { domains: lines(51) }),
  bad(PENDING, 'includeCompleted as text', { domains: lines(1), includeCompleted: 'true' }),
  bad(PENDING, 'an unknown property', { domains: lines(1), limit: 5 }),
  ok(FLAGS, '50 domains, both flags', {
    domains: names(50),
    flags: { DNS_TRANSFER_OUT: { status: 'ENABLED' }, DNS_WHOIS_PROXY: { status: 'DISABLED' } },
  }),
  bad(FLAGS, '51 domains', { domains: names(51), flags: {} }),
  bad(FLAGS, 'a status of another kind', { domains: ['name0.com'], flags: { DNS_WHOIS_PROXY: { status: 'ON' } } }),
  bad(FLAGS, 'a flag agents do not set', { domains: ['name0.com'], flags: { DNS_DELETE: { status: 'ENABLED' } } }),
  bad(FLAGS, 'no flags', { domains: ['name0.com'] }),
  bad(FLAGS, 'an unknown property', { domains: ['name0.com'], flags: {}, reason: 'x' }),
  // svc_domain_push: 1 to 50 names, a target of 1 to 320 characters, a code of 6 digits when given
  ok(PUSH, '50 names to an address, no code yet', { domains: names(50), targetAccountId: 'friend@example.org' }),
  ok(PUSH, 'a code', { domains: ['name0.com'], targetAccountId: 'friend@example.org', otpCode: '012345' }),
  bad(PUSH, '51 names', { domains: names(51), targetAccountId: 'friend@example.org' }),
  bad(PUSH, 'no target', { domains: ['name0.com'] }),
  bad(PUSH, 'a target of 321 characters', { domains: ['name0.com'], targetAccountId: 'x'.repeat(321) }),
  bad(PUSH, 'a code of 5 digits', { domains: ['name0.com'], targetAccountId: 'a@example.org', otpCode: '12345' }),
  bad(PUSH, 'a code of letters', { domains: ['name0.com'], targetAccountId: 'a@example.org', otpCode: 'abcdef' }),
  bad(PUSH, 'a code as a number', { domains: ['name0.com'], targetAccountId: 'a@example.org', otpCode: 123456 }),
  bad(PUSH, 'an unknown property', { domains: ['name0.com'], targetAccountId: 'a@example.org', note: 'gift' }),
  // the drop list: text up to 253, up to 50 TLDs, ranges of two counts, limit 1 to 500; backorders: 1 to 50 lines
  ok(EXPIREDS, 'every filter and a sort', {
    query: 'drop',
    status: 'AVAILABLE_BACKORDER',
    tlds: ['com'],
    sortBy: 'backorderCount',
    sortDirection: 'DESC',
    lengthRange: [1, 63],
    bidsRange: [0, 5],
    watchlistRange: [0, 0],
    offset: 0,
    limit: 500,
  }),
  bad(EXPIREDS, 'limit 501', { limit: 501 }),
  bad(EXPIREDS, 'limit 0', { limit: 0 }),
  bad(EXPIREDS, 'a range of three numbers', { lengthRange: [1, 2, 3] }),
  bad(EXPIREDS, 'a negative range', { bidsRange: [-1, 2] }),
  bad(EXPIREDS, 'a status of another kind', { status: 'DELETED' }),
  bad(EXPIREDS, 'a query of 254 characters', { query: 'a'.repeat(254) }),
  bad(EXPIREDS, 'an unknown property', { order: 'name' }),
  ok(BACKORDER, '50 names', {
    domains: names(50).map((name) => ({ name, contactId: 'con_1', availableAfterTimestamp: 1_800_000_000_000 })),
  }),
  bad(BACKORDER, '51 names', {
    domains: names(51).map((name) => ({ name, contactId: 'con_1', availableAfterTimestamp: 1_800_000_000_000 })),
  }),
  bad(BACKORDER, 'a fractional timestamp', {
    domains: [{ name: 'a.com', contactId: 'c', availableAfterTimestamp: 1.5 }],
  }),
  bad(BACKORDER, 'no contact', { domains: [{ name: 'a.com', availableAfterTimestamp: 0 }] }),
  bad(BACKORDER, 'a timestamp as text', { domains: [{ name: 'a.com', contactId: 'c', availableAfterTimestamp: '0' }] }),
  bad(BACKORDER, 'an unknown property', {
    domains: [{ name: 'a.com', contactId: 'c', availableAfterTimestamp: 0, maxPrice: 10 }],
  }),
  ok(BACKORDER_CANCEL, '50 ids', { backorderIds: Array.from({ length: 50 }, (_, n) => n + 1) }),
  bad(BACKORDER_CANCEL, '51 ids', { backorderIds: Array.from({ length: 51 }, (_, n) => n + 1) }),
  bad(BACKORDER_CANCEL, 'id 0', { backorderIds: [0] }),
  bad(BACKORDER_CANCEL, 'an id as text', { backorderIds: ['7'] }),
  bad(BACKORDER_CANCEL, 'an unknown property', { backorderIds: [7], reason: 'x' }),
  ok(BACKORDERS, 'every status, limit 100', { status: ['pending', 'cancelled', 'failed'], limit: 100, offset: 0 }),
  bad(BACKORDERS, 'limit 101', { limit: 101 }),
  bad(BACKORDERS, 'a status of another kind', { status: ['won'] }),
  bad(BACKORDERS, 'an unknown property', { sort: 'name' }),
  // landing pages: 1 to 50 names, instructions up to 2000 characters
  ...[
    'svc_domain_generate_lander',
    'svc_domain_lander_status',
    'svc_domain_download_lander',
    'svc_domain_remove_lander',
  ].flatMap((action) => [
    ok(action, '50 names', { domains: lines(50) }),
    bad(action, '51 names', { domains: lines(51) }),
    bad(action, 'no name', { domains: [] }),
    bad(action, 'an unknown property', { domains: lines(1), template: 'dark' }),
  ]),
  ok('svc_domain_generate_lander', 'instructions of 2000 characters', {
    domains: lines(1),
    instructions: 'x'.repeat(2000),
  }),
  bad('svc_domain_generate_lander', 'instructions of 2001 characters', {
    domains: lines(1),
    instructions: 'x'.repeat(2001),
  }),
  bad('svc_domain_generate_lander', 'instructions as a list', { domains: lines(1), instructions: ['dark'] }),
  // svc_authenticated_url_get: a path of the account's pages, from /, at most 300 characters
  ok('svc_authenticated_url_get', 'the portfolio', { path: '/account/domains?status=for-sale' }),
  ok('svc_authenticated_url_get', "a domain's page", { path: '/domains/sunrise.com' }),
  bad('svc_authenticated_url_get', 'a path without its slash', { path: 'account' }),
  bad('svc_authenticated_url_get', 'a path of 301 characters', { path: `/${'a'.repeat(300)}` }),
  bad('svc_authenticated_url_get', 'no path', {}),
  bad('svc_authenticated_url_get', 'an unknown property', { path: '/cart', redirect: 'https://example.org' }),
  // svc_history_get: a domain or an order, by a name or id of 1 to 253 characters
  ok('svc_history_get', "an order's", { subject: 'order', id: 'ord-1' }, true),
  bad('svc_history_get', 'a subject of another kind', { subject: 'wallet', id: '0xabc' }),
  bad('svc_history_get', 'an empty id', { subject: 'domain', id: '' }),
  bad('svc_history_get', 'an id of 254 characters', { subject: 'domain', id: 'a'.repeat(254) }),
  bad('svc_history_get', 'an unknown property', { subject: 'domain', id: 'a.com', asOf: 'now' }),
];

describe('surface A: the bounds of every action served, on the route and in the document', () => {
  let subject: TestApp;
  let agent: Agent;
  let ajv: Ajv2020;
  let bodySchemaOf: (action: string) => string;
  /** Every action the document holds: each must have its cases. */
  let actions: string[];

  beforeAll(async () => {
    subject = await createTestApp();
    agent = await newAgent(subject);
    const document = (await subject.app.inject({ method: 'GET', url: '/mcp/v1/openapi.json' })).json();
    actions = Object.keys(document.paths).map((path) => path.slice(1));
    ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema({ $id: 'agent.json', components: document.components });
    bodySchemaOf = (action) =>
      document.paths[`/${action}`].post.requestBody.content['application/json'].schema.$ref.replace('#', 'agent.json#');
  });
  afterAll(() => subject.close());

  it('holds at least 60 cases, with an unknown property and a wrong type on every action of the document', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    const withUnknown = new Set(CASES.filter((c) => c.what.startsWith('an unknown property')).map((c) => c.action));
    expect([...withUnknown].sort()).toEqual(actions.sort());
  });

  it.each(CASES.map((c) => [`${c.action}: ${c.what}`, c] as const))(
    '%s',
    async (_title, { action, body, valid, mayBeRefused }) => {
      const answer = await agent.action(action, body);
      const schemaSays = ajv.validate({ $ref: bodySchemaOf(action) }, body);
      if (valid) {
        // refused for what it asks, never for its shape: no issue names a property
        if (mayBeRefused && answer.status !== 200)
          expect(answer.body).toEqual({ error: expect.any(String), message: expect.any(String) });
        else expect(answer.status).toBe(200);
        expect(schemaSays).toBe(true);
      } else {
        expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_request', message: expect.any(String) } });
        expect(schemaSays).toBe(false);
      }
    },
  );

  /** Every string of an accepted body, one at a time, made empty: where the route refuses it, the schemas say so. */
  // a body its action may refuse for what it asks cannot tell its shape apart: its bad cases cover empty strings
  const emptied = CASES.filter((c) => c.valid && !c.mayBeRefused).flatMap(({ action, body }) => {
    const paths: string[][] = [];
    const walk = (value: unknown, path: string[]): void => {
      if (typeof value === 'string') paths.push(path);
      else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, String(index)]));
      else if (value && typeof value === 'object')
        Object.entries(value).forEach(([key, item]) => walk(item, [...path, key]));
    };
    walk(body, []);
    return paths.map((path) => {
      const copy = JSON.parse(JSON.stringify(body));
      path.slice(0, -1).reduce((node, key) => node[key], copy)[path.at(-1) as string] = '';
      return [`${action}: ${path.join('.')} empty`, action, copy] as const;
    });
  });

  it('publishes minLength 1 wherever a route refuses an empty string, in the OpenAPI document and the MCP tools', async () => {
    const tools = (
      await subject.app.inject({
        method: 'POST',
        url: '/mcp/v1',
        headers: {
          authorization: `Bearer ${agent.key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).json().result.tools as { name: string; inputSchema: object }[];
    const toolSchema = new Map(tools.map((tool) => [tool.name, tool.inputSchema]));
    const disagreements: string[] = [];
    // a postal code may be empty where the country has none: the rule is the country's, no schema can say it
    for (const [title, action, body] of emptied.filter(([title]) => !title.includes('postalCode'))) {
      const refused = (await agent.action(action, body)).status === 400;
      const openApiRefuses = !ajv.validate({ $ref: bodySchemaOf(action) }, body);
      const toolRefuses = !ajv.validate(toolSchema.get(action) as object, body);
      if (refused !== openApiRefuses || refused !== toolRefuses)
        disagreements.push(`${title}: route ${refused ? 400 : 200}, OpenAPI ${openApiRefuses}, tool ${toolRefuses}`);
    }
    expect(emptied.length).toBeGreaterThan(20);
    expect(disagreements).toEqual([]);
  });
});
