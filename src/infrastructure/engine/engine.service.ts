import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { DependencyExecutors } from '../../application/operations/dependency-executors';
import { OperationWorkers } from '../../application/operations/operation-workers';
import { WorkQueue } from '../../application/operations/work-queue.port';
import { Clock } from '../../application/shared/clock';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { compareCheckpoints, EventStore } from '../../application/shared/event-store.port';
import { AppConfig } from '../config/config';
import { Metrics } from '../metrics/metrics';
import { ConsumerRunner } from '../postgres/consumer-runner';
import { PostgresNotifications } from '../postgres/postgres-notifications';
import { Runtime } from '../runtime';

/**
 * The asynchronous half of the service: projections, reactors and operation workers. It runs in the `worker` and
 * `all` roles; in the `api` role it stays idle and `settled()` has nothing to wait for.
 */
const SOON_MS = 2000;

@Injectable()
export class Engine implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(Engine.name);
  private runner: ConsumerRunner | undefined;
  private workers: OperationWorkers | undefined;
  private readonly settlers: (() => Promise<string>)[] = [];

  constructor(
    private readonly runtime: Runtime,
    private readonly config: AppConfig,
    private readonly pool: Pool,
    private readonly notifications: PostgresNotifications,
    private readonly store: EventStore,
    private readonly queue: WorkQueue,
    private readonly registry: ConsumerRegistry,
    private readonly executors: DependencyExecutors,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.metrics.onCollect(() => this.reportLag());
    if (!this.runtime.runsWorkers) return;
    const values = this.config.values;
    this.runner = new ConsumerRunner(this.pool, this.store, this.notifications, this.registry.projections, this.registry.reactors, {
      connectionString: this.runtime.databaseUrl,
      batchSize: values.consumerBatchSize,
      pollMs: values.subscriptionPollMs,
      retryMs: 1000,
      standbyMs: values.consumerStandbyMs,
      log: {
        info: (message) => this.log.log(message),
        warn: (message) => this.log.warn(message),
        error: (message, error) => this.log.error(message, (error as Error | undefined)?.stack),
      },
    });
    await this.runner.start();
    this.workers = new OperationWorkers(this.queue, this.store, this.commands, this.executors, this.clock, {
      concurrency: values.workerConcurrency,
      leaseMs: values.workerLeaseMs,
      pollMs: values.workerPollMs,
      maxAttempts: values.workerMaxAttempts,
      retryBaseMs: values.workerRetryBaseMs,
    });
    this.workers.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.workers?.stop();
    await this.runner?.stop();
  }

  /**
   * Another part `settled()` waits for (the chain indexers): `settle` resolves once that part has caught up with
   * its source as of the call, and returns where it got to, so that a change there is noticed.
   */
  addSettler(settle: () => Promise<string>): void {
    this.settlers.push(settle);
  }

  /**
   * Resolves once the settlers, and the projections and reactors of this process have handled every event in the store and no
   * dependency is running or due within two seconds (a short retry counts as work still to do; one in five
   * minutes does not); loops because what they do appends more events. For tests and the CLI.
   */
  async settled(): Promise<void> {
    if (!this.runner || !this.workers) return;
    for (;;) {
      const outside = await this.settle();
      const head = await this.store.head();
      await this.runner.reached(head);
      if (!(await this.workers.idle(SOON_MS))) {
        // due work with no job running here is leased elsewhere or about to be: look again shortly
        await Promise.race([this.workers.nextJobEnd(), new Promise((resolve) => setTimeout(resolve, 20))]);
        continue;
      }
      if (compareCheckpoints(await this.store.head(), head) === 0 && (await this.settle()) === outside) return;
    }
  }

  private async settle(): Promise<string> {
    return (await Promise.all(this.settlers.map((settle) => settle()))).join(';');
  }

  private async reportLag(): Promise<void> {
    this.metrics.consumerLag.reset();
    if (!this.runner) return;
    const head = await this.store.head();
    for (const { name, position } of this.runner.positions()) {
      this.metrics.consumerLag.set({ consumer: name }, Math.max(0, Number(head.position - position.position)));
    }
  }
}
