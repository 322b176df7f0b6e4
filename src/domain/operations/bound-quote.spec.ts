import { deciderSpec } from '../../../test/support/decider-spec';
import { NotFound, Refused } from '../shared/errors';
import { boundQuoteDecider, boundQuoteOf, QuoteRedeemed, QuoteTerms } from './bound-quote';
import { ExistingOperation } from './operation';

const at = 1_700_000_000_000;
const charge = { type: 'CHARGE' as const, reason: 'DOMAIN_RENEWAL', amountCents: 2998 };
const preview: ExistingOperation = {
  status: 'PREVIEW',
  id: 'op-preview',
  accountId: 'acc-1',
  surface: 'reseller',
  type: 'DOMAIN_RENEW',
  domain: 'fresh.com',
  preview: true,
  validUntil: at + 900_000,
  quote: [charge],
  dependencies: [
    {
      id: 'plop_1',
      type: 'DOMAIN_DNS_RENEW',
      parameters: { period: 2 },
      status: 'PREVIEW',
      result: null,
      error: null,
      transaction: null,
      input: {},
      retryAt: null,
    },
  ],
  createdAt: at,
  updatedAt: at,
};
const terms: QuoteTerms = {
  accountId: 'acc-1',
  type: 'DOMAIN_RENEW',
  domain: 'fresh.com',
  reasons: ['DOMAIN_RENEWAL'],
  years: 2,
};

describe('bound quotes', () => {
  it('binds a commit of the same request within the validity to the amounts the preview quoted', () => {
    expect(boundQuoteOf('op-preview', preview, terms, at + 900_000)).toEqual([charge]);
  });

  it('refuses a quote of another account as one that does not exist', () => {
    expect(() => boundQuoteOf('op-preview', preview, { ...terms, accountId: 'acc-2' }, at)).toThrow(NotFound);
    expect(() => boundQuoteOf('op-preview', { status: 'NONE' }, terms, at)).toThrow(NotFound);
  });

  it.each([
    ['another domain', { domain: 'other.com' }],
    ['another type', { type: 'DOMAIN_ADMIN_UPDATE' }],
    ['another period', { years: 3 }],
    ['other charges', { reasons: ['DOMAIN_RESTORATION', 'DOMAIN_RENEWAL'] }],
  ])('refuses a commit of %s as QUOTE_MISMATCH', (_what, change) => {
    expect(() => boundQuoteOf('op-preview', preview, { ...terms, ...change }, at)).toThrow(
      expect.objectContaining({ code: 'QUOTE_MISMATCH' }),
    );
  });

  it('refuses an operation that is no preview, and a preview past its validity', () => {
    expect(() => boundQuoteOf('op-preview', { ...preview, status: 'COMPLETED' }, terms, at)).toThrow(
      expect.objectContaining({ code: 'QUOTE_INVALID' }),
    );
    expect(() => boundQuoteOf('op-preview', preview, terms, at + 900_001)).toThrow(
      expect.objectContaining({ code: 'QUOTE_EXPIRED', context: expect.objectContaining({ quote: 'op-preview' }) }),
    );
  });

  it('is redeemed once', () => {
    const given = deciderSpec(boundQuoteDecider);
    const redeemed: QuoteRedeemed = {
      type: 'QuoteRedeemed',
      data: { previewId: 'op-preview', operationId: 'op-1', at },
    };
    given().when({ type: 'RedeemQuote', data: redeemed.data }).then(redeemed);
    given(redeemed)
      .when({ type: 'RedeemQuote', data: { ...redeemed.data, operationId: 'op-2' } })
      .thenThrows(Refused, { code: 'QUOTE_USED' });
  });
});
