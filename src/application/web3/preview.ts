/** How long the quote of a `$preview` holds (`validUntilTimestamp`). */
export const PREVIEW_VALIDITY_MS = 15 * 60_000;
