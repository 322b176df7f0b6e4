/** The system of record answering, as `/health` reports it: the round trip of a trivial query, or a rejection. */
export abstract class DatabaseProbe {
  abstract roundTripMs(): Promise<number>;
}

/** The process's metrics in the Prometheus text format, as `/metrics` serves them. */
export abstract class MetricsExposition {
  abstract readonly contentType: string;
  abstract text(): Promise<string>;
}
