/** The system of record answering, as `/health` reports it: the round trip of a trivial query, or a rejection. */
export abstract class DatabaseProbe {
  abstract roundTripMs(): Promise<number>;
  /**
   * Whether the event store answers, when it is a server of its own (`EVENT_STORE_URL`); undefined when the database
   * keeps the events, whose round trip says it already.
   */
  abstract eventStore(): Promise<'up' | 'down'> | undefined;
  /** Whether the read models' database answers, when it is a server of its own (`MONGODB_URL`); else undefined. */
  abstract readModels(): Promise<'up' | 'down'> | undefined;
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
/** The KurrentDB client's errors of a server it cannot reach or that cannot take the call now (their `type`). */
const UNAVAILABLE_TYPES = new Set(['unavailable', 'deadline-exceeded', 'not-leader', 'timeout']);
/** The MongoDB driver's errors of servers it cannot reach (their `name`). */
const UNAVAILABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
]);

/**
 * Whether an error says the system of record cannot be reached now (restarting, down, out of connections), which is
 * no fault of the request: answered 503 with a time to come back rather than a 500.
 */
export const isStoreUnavailable = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, type, name } = error as { code?: unknown; message?: unknown; type?: unknown; name?: unknown };
  return (
    (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) ||
    (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code))) ||
    (typeof type === 'string' && UNAVAILABLE_TYPES.has(type)) ||
    (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message))
  );
};
