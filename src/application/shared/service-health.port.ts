/** The system of record answering, as `/health` reports it: the round trip of a trivial query, or a rejection. */
export abstract class DatabaseProbe {
  abstract roundTripMs(): Promise<number>;
}

/** The process's metrics in the Prometheus text format, as `/metrics` serves them. */
export abstract class MetricsExposition {
  abstract readonly contentType: string;
  abstract text(): Promise<string>;
}

/** SQLSTATE classes and codes of a database that is not there right now: connection exceptions, shutting down. */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** What a socket to it says when it is gone, and what node-postgres says of a connection that went with it. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

/**
 * Whether an error says the system of record cannot be reached now (restarting, down, out of connections), which is
 * no fault of the request: answered 503 with a time to come back rather than a 500.
 */
export const isStoreUnavailable = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code))) ||
    (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message))
  );
};
