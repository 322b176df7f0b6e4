/** What the engine reports about finished operations; the Prometheus adapter turns it into a histogram. */
export abstract class OperationMetrics {
  abstract operationFinished(type: string, status: string, seconds: number): void;
}
