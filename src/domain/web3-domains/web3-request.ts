import { DependencySpec, OperationRequested, QuotedAmount } from '../operations/operation.events';

/** How long the quote of a `$preview` holds (`validUntilTimestamp`). */
export const PREVIEW_VALIDITY_MS = 15 * 60_000;

/** Who asks for an operation of surface C on a domain, when, under which id, and whether only as a preview. */
export interface Web3Request {
  readonly accountId: string;
  readonly operationId: string;
  readonly at: number;
  readonly preview: boolean;
}

/** The operation a request of surface C starts on one domain; a preview's quote holds for PREVIEW_VALIDITY_MS. */
export const web3OperationOf = (
  request: Web3Request,
  type: string,
  domain: string,
  dependencies: readonly DependencySpec[],
  quote: readonly QuotedAmount[] = [],
): OperationRequested['data'] => ({
  operationId: request.operationId,
  accountId: request.accountId,
  surface: 'web3',
  type,
  domain,
  preview: request.preview,
  validUntil: request.preview ? request.at + PREVIEW_VALIDITY_MS : null,
  dependencies,
  quote,
  at: request.at,
});
