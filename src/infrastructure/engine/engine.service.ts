import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { compareCheckpoints, EventStore } from '../../application/shared/event-store.port';
import { projectionsBehind, ProjectionStore } from '../../application/shared/projection-store.port';
import { LeaseLoops } from '../../application/shared/lease-loops';
import { LeasedWorkRegistry } from '../../application/shared/leased-work-registry';
import { AppConfig } from '../config/config';
import { Metrics } from '../metrics/metrics';
import { ReadModelProgress } from '../../application/shared/read-your-writes';
import { ConsumerRunner, FOLLOW_POLL_MS } from '../postgres/consumer-runner';
import { PostgresNotifications } from '../postgres/postgres-notifications';
import { ownerIsGone } from '../processes';
import { Runtime } from '../runtime';

/**
 * The asynchronous half of the service: projections and reactors, and the lease loops of every kind of leased work
 * (operation workers, webhook dispatcher). It runs in the `worker` and `all` roles; in the `api` role it stays idle
 * and `settled()` has nothing to wait for.
 */
@Injectable()
export class Engine extends ReadModelProgress implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(Engine.name);
  private runner: ConsumerRunner | undefined;
  private leaseLoops: LeaseLoops<unknown>[] = [];
  private readonly settlers: (() => Promise<string>)[] = [];

  constructor(
    private readonly runtime: Runtime,
    private readonly config: AppConfig,
    private readonly projections: ProjectionStore,
    private readonly notifications: PostgresNotifications,
    private readonly store: EventStore,
    private readonly registry: ConsumerRegistry,
    private readonly leasedWork: LeasedWorkRegistry,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.metrics.onCollect(() => this.reportLag());
    if (!this.runtime.runsWorkers) return;
    const values = this.config.values;
    this.runner = new ConsumerRunner(
      this.projections,
      this.store,
      this.notifications,
      this.registry.projections,
      this.registry.reactors,
      {
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
      },
    );
    await this.runner.start();
    for (const work of this.leasedWork.kinds) {
      // a process of this host killed while holding work would hold it for the rest of its lease
      const released = await work.releaseLeasesOf(ownerIsGone);
      if (released > 0) this.log.log(`took back ${released} item(s) leased to processes of this host that are gone`);
    }
    this.leaseLoops = this.leasedWork.kinds.map((work) => new LeaseLoops(work));
    for (const loops of this.leaseLoops) loops.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.leaseLoops.map((loops) => loops.stop()));
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
   * Resolves once the settlers, and the projections and reactors of this process have handled every event in the
   * store and no leased work is running here or pending (each kind says what counts: a dependency due within two
   * seconds does, a webhook retry due later does not); loops because what they do appends more events. For tests and
   * the CLI.
   */
  async settled(): Promise<void> {
    if (!this.runner) return;
    for (;;) {
      const outside = await this.progress();
      const head = await this.store.head();
      await this.runner.reached(head);
      const states = await Promise.all(this.leaseLoops.map((loops) => loops.state()));
      const busy = this.leaseLoops.filter((_loops, n) => !states[n].idle);
      if (busy.length > 0) {
        // pending work with no run here is leased elsewhere or about to be: look again shortly
        await Promise.race([
          ...busy.map((loops) => loops.nextRunEnd()),
          new Promise((resolve) => setTimeout(resolve, 20)),
        ]);
        continue;
      }
      if (compareCheckpoints(await this.store.head(), head) === 0 && (await this.progress()) === outside) return;
    }
  }

  /**
   * Whether every projection has handled what is committed now, waiting up to `READ_YOUR_WRITES_WAIT_MS`. Read from
   * the subscriptions of this process where it runs a projection, from the stored checkpoints where another process
   * runs it (the `api` role runs none).
   */
  async caughtUp(): Promise<boolean> {
    const head = await this.store.head();
    const deadline = Date.now() + this.config.values.readYourWritesWaitMs;
    const names = this.registry.projections.map((projection) => projection.name);
    for (;;) {
      const behind = this.runner
        ? await this.runner.projectionsBehind(head)
        : await projectionsBehind(this.projections, names, head);
      if (behind.length === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await (this.runner
        ? this.runner.nextProgress(Math.min(left, FOLLOW_POLL_MS))
        : new Promise((resolve) => setTimeout(resolve, Math.min(left, FOLLOW_POLL_MS))));
    }
  }

  /** Where the settlers got to and the marks of the leased work, as one string that changes when any of them moves. */
  private async progress(): Promise<string> {
    const settled = await Promise.all(this.settlers.map((settle) => settle()));
    const marks = await Promise.all(this.leaseLoops.map(async (loops) => (await loops.state()).mark));
    return [...settled, ...marks].join(';');
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
