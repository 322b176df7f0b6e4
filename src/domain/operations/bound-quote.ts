import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';
import { ExistingOperation, Operation } from './operation';
import { QuotedAmount } from './operation.events';

/**
 * A preview binds: a commit that names it (`$quote=<preview id>`) within its validity is charged what the preview
 * quoted, whatever the price list says by then. Each preview is redeemed once, by the first commit that names it;
 * its stream records which.
 */
export const boundQuoteStream = (previewId: string): string => `bound-quote-${previewId}`;

type Of<Data> = MessageData<{ previewId: string }, Data>;
export type QuoteRedeemed = DomainEvent<'QuoteRedeemed', Of<{ operationId: string; at: number }>>;
export type RedeemQuote = DomainCommand<'RedeemQuote', QuoteRedeemed['data']>;

export type BoundQuote = Readonly<{ redeemedBy: string | null }>;

/** What a commit asks, compared with what its preview was asked. */
export interface QuoteTerms {
  readonly accountId: string;
  readonly type: string;
  readonly domain: string;
  /** The reasons of its charges (`DOMAIN_REGISTRATION`; `DOMAIN_RENEWAL` and `DOMAIN_RESTORATION`...). */
  readonly reasons: readonly string[];
  readonly years: number;
}

/** The years a preview quoted: the `period` its dependencies carry (registration, renewal). */
const yearsOf = (preview: ExistingOperation): unknown =>
  preview.dependencies.find((dependency) => dependency.parameters.period !== undefined)?.parameters.period;

const sameReasons = (quote: readonly QuotedAmount[], reasons: readonly string[]): boolean =>
  quote.length === reasons.length && reasons.every((reason) => quote.some((amount) => amount.reason === reason));

/**
 * What a commit of `terms` at `at` is charged under the preview `preview`: the amounts the preview quoted. Refused
 * when the preview is not the account's (NOT_FOUND, told like one that does not exist), is no preview
 * (`QUOTE_INVALID`), quotes something else (`QUOTE_MISMATCH`), or expired (`QUOTE_EXPIRED`).
 */
export const boundQuoteOf = (
  previewId: string,
  preview: Operation,
  terms: QuoteTerms,
  at: number,
): readonly QuotedAmount[] => {
  if (preview.status === 'NONE' || preview.accountId !== terms.accountId) throw new NotFound('operation', previewId);
  if (preview.status !== 'PREVIEW') {
    throw new Refused('QUOTE_INVALID', `$quote: operation ${previewId} is not a preview`, { quote: previewId });
  }
  const same =
    preview.type === terms.type &&
    preview.domain === terms.domain &&
    sameReasons(preview.quote, terms.reasons) &&
    yearsOf(preview) === terms.years;
  if (!same) {
    throw new Refused(
      'QUOTE_MISMATCH',
      `$quote: preview ${previewId} quoted another request; preview again with this one`,
      { quote: previewId },
    );
  }
  if (preview.validUntil !== null && at > preview.validUntil) {
    throw new Refused(
      'QUOTE_EXPIRED',
      `$quote: preview ${previewId} was valid until ${new Date(preview.validUntil).toISOString()}; preview again`,
      { quote: previewId, validUntilTimestamp: preview.validUntil },
    );
  }
  return preview.quote;
};

const decide = (command: RedeemQuote, quote: BoundQuote): QuoteRedeemed[] => {
  switch (command.type) {
    case 'RedeemQuote':
      if (quote.redeemedBy !== null) {
        throw new Refused('QUOTE_USED', `$quote: preview ${command.data.previewId} was used by ${quote.redeemedBy}`, {
          quote: command.data.previewId,
        });
      }
      return [{ type: 'QuoteRedeemed', data: command.data }];
    default:
      return assertNever(command.type);
  }
};

const evolve = (quote: BoundQuote, event: QuoteRedeemed): BoundQuote => {
  switch (event.type) {
    case 'QuoteRedeemed':
      return { redeemedBy: event.data.operationId };
    default:
      return assertNever(event.type);
  }
};

export const boundQuoteDecider: Decider<RedeemQuote, QuoteRedeemed, BoundQuote> = {
  initialState: () => ({ redeemedBy: null }),
  evolve,
  decide,
};
