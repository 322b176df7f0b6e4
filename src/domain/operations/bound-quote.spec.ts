// Equivalent mutant: `preview.status === 'NONE'` made false (or its 'NONE' empty): an operation that does not exist
// has no account, so the account check refuses it alike.
import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly, expectRefusal } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
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
    const notFound = {
      code: 'NOT_FOUND',
      message: exactly('operation op-preview was not found'),
      context: { id: 'op-preview' },
    } as const;
    expectRefusal(() => boundQuoteOf('op-preview', preview, { ...terms, accountId: 'acc-2' }, at), NotFound, notFound);
    expectRefusal(() => boundQuoteOf('op-preview', { status: 'NONE' }, terms, at), NotFound, notFound);
  });

  it('binds a preview without a validity for good', () =>
    expect(boundQuoteOf('op-preview', { ...preview, validUntil: null }, terms, at + 365 * 86_400_000)).toEqual([
      charge,
    ]));

  it.each([
    ['another domain', { domain: 'other.com' }],
    ['another type', { type: 'DOMAIN_ADMIN_UPDATE' }],
    ['another period', { years: 3 }],
    ['other charges', { reasons: ['DOMAIN_RESTORATION', 'DOMAIN_RENEWAL'] }],
    ['another charge', { reasons: ['DOMAIN_RESTORATION'] }],
    ['no charge', { reasons: [] }],
  ])('refuses a commit of %s as QUOTE_MISMATCH', (_what, change) =>
    expectRefusal(() => boundQuoteOf('op-preview', preview, { ...terms, ...change }, at), Refused, {
      code: 'QUOTE_MISMATCH',
      message: exactly('$quote: preview op-preview quoted another request; preview again with this one'),
      context: { quote: 'op-preview' },
    }),
  );

  it('compares the years with those of the dependency that has a period', () => {
    const [renew] = preview.dependencies;
    const later = { ...preview, dependencies: [{ ...renew, id: 'plop_0', parameters: {} }, renew] };
    expect(boundQuoteOf('op-preview', later, terms, at)).toEqual([charge]);
  });

  it('matches the reasons of a quote in any order, each one asked, and no years where no dependency has a period', () => {
    const restoration = { type: 'CHARGE' as const, reason: 'DOMAIN_RESTORATION', amountCents: 8000 };
    const both = { ...preview, quote: [restoration, charge] };
    const reasons = ['DOMAIN_RENEWAL', 'DOMAIN_RESTORATION'];
    expect(boundQuoteOf('op-preview', both, { ...terms, reasons }, at)).toEqual([restoration, charge]);
    const mismatch = {
      code: 'QUOTE_MISMATCH',
      message: exactly('$quote: preview op-preview quoted another request; preview again with this one'),
      context: { quote: 'op-preview' },
    } as const;
    const twice = { ...preview, quote: [charge, charge] };
    expectRefusal(() => boundQuoteOf('op-preview', twice, { ...terms, reasons }, at), Refused, mismatch);
    const [renew] = preview.dependencies;
    const yearless = { ...preview, dependencies: [{ ...renew, parameters: {} }] };
    expectRefusal(() => boundQuoteOf('op-preview', yearless, terms, at), Refused, mismatch);
  });

  it('refuses an operation that is no preview, and a preview past its validity', () => {
    expectRefusal(() => boundQuoteOf('op-preview', { ...preview, status: 'COMPLETED' }, terms, at), Refused, {
      code: 'QUOTE_INVALID',
      message: exactly('$quote: operation op-preview is not a preview'),
      context: { quote: 'op-preview' },
    });
    expectRefusal(() => boundQuoteOf('op-preview', preview, terms, at + 900_001), Refused, {
      code: 'QUOTE_EXPIRED',
      message: exactly('$quote: preview op-preview was valid until 2023-11-14T22:28:20.000Z; preview again'),
      context: { quote: 'op-preview', validUntilTimestamp: at + 900_000 },
    });
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
      .thenThrows(Refused, {
        code: 'QUOTE_USED',
        message: /^\$quote: preview op-preview was used by op-1$/,
        context: { quote: 'op-preview' },
      });
    given(redeemed).thenState({ redeemedBy: 'op-1' });
  });

  it('fails loudly on a command or an event of a newer version', () => {
    deciderSpec(boundQuoteDecider)()
      .when({ type: 'ReleaseQuote', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(boundQuoteDecider, [{ type: 'QuoteReleased', data: {} } as never])).toThrow(/unexpected value/);
  });
});
