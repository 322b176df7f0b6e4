import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { OperationMetrics } from '../../application/operations/operation-metrics.port';
import { MetricsExposition } from '../../application/shared/service-health.port';

/** The process's Prometheus registry and the instruments the service records. */
@Injectable()
export class Metrics implements OperationMetrics, MetricsExposition {
  readonly registry = new Registry();

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly operationDuration = new Histogram({
    name: 'operation_duration_seconds',
    help: 'Time from an operation being requested to it finishing, by type and final status',
    labelNames: ['type', 'status'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });

  readonly readModelReads = new Counter({
    name: 'read_model_reads_total',
    help: 'Statements reading the read models, by the server that answered: primary, or standby N of DATABASE_READ_URLS',
    labelNames: ['server'] as const,
    registers: [this.registry],
  });

  private readonly collectors: (() => Promise<void>)[] = [];

  readonly consumerLag = new Gauge({
    name: 'projection_lag_events',
    help: 'Events in the store after the checkpoint of each projection and reactor this process runs',
    labelNames: ['consumer'] as const,
    registers: [this.registry],
    // prom-client calls this on every scrape; `this` is the gauge, so the collectors are reached through the closure
    collect: () => this.collectLag(),
  });

  /** Registers work to run on each scrape before the lag gauge is read. */
  onCollect(collector: () => Promise<void>): void {
    this.collectors.push(collector);
  }

  private async collectLag(): Promise<void> {
    for (const collector of this.collectors) await collector();
  }

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  operationFinished(type: string, status: string, seconds: number): void {
    this.operationDuration.observe({ type, status }, seconds);
  }
}
