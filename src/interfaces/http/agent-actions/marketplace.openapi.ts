import { closed, count, JsonSchema, list, text } from '../shared/openapi/json-schema';

/** The answers of surface A's marketplace actions, as `actions/listings.actions.ts` writes them. */

const listingId: JsonSchema = { type: 'integer', minimum: 1, description: "The listing's id" };

const LISTING_RESULT = closed(['success'], {
  domainName: { type: 'string', description: 'As stored: lowercase, IDNs as A-labels' },
  listingId,
  success: { type: 'boolean' },
  status: { enum: ['active', 'cancelled'] },
  priceInCents: { ...count, description: 'US cents; 0: offers only' },
  priceFormatted: text,
  expiresAt: { type: 'string', format: 'date-time', description: 'When the listing ends' },
  error: { type: 'string', description: 'Why this listing was not made or changed; the others were' },
});

const listingAnswer = (): JsonSchema =>
  closed(['results', 'successCount', 'failureCount', 'message'], {
    results: list(LISTING_RESULT),
    successCount: count,
    failureCount: count,
    message: text,
  });

export const marketplaceSchemas = (): Record<string, JsonSchema> => ({
  CreateListingResponse: listingAnswer(),
  UpdateListingResponse: listingAnswer(),
  CancelListingResponse: listingAnswer(),
});
