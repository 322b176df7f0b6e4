import { boundQuoteOf, boundQuoteDecider, boundQuoteStream, QuoteTerms } from '../../domain/operations/bound-quote';
import { QuotedAmount } from '../../domain/operations/operation.events';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader, writeAfter } from '../shared/handle-command';
import { loadOperationIn } from './operation-streams';

/** A commit bound to its preview: the amounts the preview quoted, and the append that redeems the preview. */
export interface RedeemedQuote {
  readonly quote: readonly QuotedAmount[];
  readonly write: StreamWrite;
}

/**
 * Redeems the preview `previewId` for the commit `operationId` of `terms`, inside the commit's own attempt so that
 * two commits naming one preview cannot both be charged its price (the second is `QUOTE_USED`). Nothing for a
 * commit that names no preview.
 */
export const redeemQuoteIn = async (
  streams: StreamReader,
  previewId: string | undefined,
  terms: QuoteTerms,
  commit: { readonly operationId: string; readonly at: number },
): Promise<RedeemedQuote | undefined> => {
  if (previewId === undefined) return undefined;
  const preview = await loadOperationIn(streams, previewId);
  const quote = boundQuoteOf(previewId, preview.state, terms, commit.at);
  const redemption = await streams.load(boundQuoteStream(previewId), boundQuoteDecider);
  const events = boundQuoteDecider.decide(
    { type: 'RedeemQuote', data: { previewId, operationId: commit.operationId, at: commit.at } },
    redemption.state,
  );
  return { quote, write: writeAfter(redemption, events) };
};
