import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { Checkpoint, compareCheckpoints, EventStore, StoredEvent } from '../../application/shared/event-store.port';
import { AnyProjection, Reactor } from '../../application/shared/projection';
import { subscribe, Subscription } from '../../application/shared/subscription';
import { acting } from '../../application/shared/acting';
import { projectionsBehind, ProjectionStore } from '../../application/shared/projection-store.port';
import { targetsOf } from '../../application/shared/document-changes';
import { PostgresNotifications } from './postgres-notifications';
import { Log } from '../logging/log';

export interface ConsumerRunnerOptions {
  readonly connectionString: string;
  readonly batchSize: number;
  readonly pollMs: number;
  readonly retryMs: number;
  /** How often a process that does not hold a consumer checks whether its holder went away. */
  readonly standbyMs: number;
  readonly log: Pick<Log, 'info' | 'warn' | 'error'>;
  /** Told after each batch a consumer handled and saved: how many events, and the checkpoint it is at now. */
  readonly onHandled?: (name: string, events: number, through: Checkpoint) => void;
}

export type Consumer = { kind: 'projection'; definition: AnyProjection } | { kind: 'reactor'; definition: Reactor };

interface Running {
  readonly consumer: Consumer;
  readonly generation: number;
  live: boolean;
  /** Being stopped: a batch waiting for the consumers it follows gives up, to be delivered again later. */
  closing?: boolean;
  subscription: Subscription;
}

export const CONSUMERS_CHANNEL = 'domain_engine_consumers';
const REACTOR_GENERATION = 0;
/** How often a consumer waiting for others run by other processes reads their checkpoints. */
export const FOLLOW_POLL_MS = 20;
/** A consumer kept waiting this long by the ones it follows says so once. */
const FOLLOW_WARN_MS = 10_000;

/**
 * The projections a consumer waits for before handling an event: all the others for a projection that shows
 * last, all of them for a reactor that acts after the read models, none otherwise.
 */
export const followedBy = (consumer: Consumer, projections: readonly AnyProjection[]): string[] => {
  if (consumer.kind === 'projection') {
    return consumer.definition.showsLast
      ? projections.filter((projection) => !projection.showsLast).map((projection) => projection.name)
      : [];
  }
  return consumer.definition.afterReadModels ? projections.map((projection) => projection.name) : [];
};

/**
 * Runs the projections and reactors of this process, each from its checkpoint kept in the projection store (PostgreSQL
 * or MongoDB). Any number of processes may run the same consumers: an advisory lock per consumer, in PostgreSQL,
 * lets one process run it while the others stand by.
 */
export class ConsumerRunner {
  private readonly consumers: Consumer[];
  private readonly projectionNames: readonly string[];
  /** What each consumer waits for, worked out once: every consumer asks at every append. */
  private readonly followed = new Map<string, readonly string[]>();
  private readonly running = new Map<string, Running>();
  private readonly progress = new EventEmitter();
  private lockClient: Client | undefined;
  private standbyTimer: NodeJS.Timeout | undefined;
  private unlisten: (() => void) | undefined;
  private stopped = false;
  private standingBy: Promise<void> | undefined;
  private following: Promise<void> | undefined;

  constructor(
    private readonly projectionStore: ProjectionStore,
    private readonly store: EventStore,
    private readonly notifications: PostgresNotifications,
    projections: readonly AnyProjection[],
    reactors: readonly Reactor[],
    private readonly options: ConsumerRunnerOptions,
  ) {
    this.consumers = [
      ...projections.map((definition): Consumer => ({ kind: 'projection', definition })),
      ...reactors.map((definition): Consumer => ({ kind: 'reactor', definition })),
    ];
    this.projectionNames = projections.map((projection) => projection.name);
    for (const consumer of this.consumers)
      this.followed.set(consumer.definition.name, followedBy(consumer, projections));
    this.progress.setMaxListeners(0);
  }

  async start(): Promise<void> {
    await this.connectLocks();
    this.unlisten = this.notifications.listen(CONSUMERS_CHANNEL, () => void this.followNewGenerations());
    await this.notifications.ready();
    await this.startStandingBy();
    // the tick also catches a rebuild request whose notification was missed
    this.standbyTimer = setInterval(
      () => void this.startStandingBy().then(() => this.followNewGenerations()),
      this.options.standbyMs,
    );
    this.standbyTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.running.forEach((entry) => (entry.closing = true));
    clearInterval(this.standbyTimer);
    this.unlisten?.();
    await Promise.all([...this.running.values()].map((running) => running.subscription.close()));
    this.running.clear();
    await this.lockClient?.end().catch(() => undefined);
  }

  /** Opens the session whose advisory locks say which consumers this process runs. */
  private async connectLocks(): Promise<void> {
    const client = new Client({
      connectionString: this.options.connectionString,
      application_name: 'domain-engine-consumers',
    });
    client.on('error', (error) => this.locksLost(client, error));
    client.on('end', () => this.locksLost(client));
    await client.connect();
    this.lockClient = client;
  }

  /**
   * The session holding the consumers' locks ended (the database restarted or dropped the connection): the locks went
   * with it, so another process may start any of these consumers now. Each stops here, and this process stands by
   * again on a new session once the database answers, taking back the consumers no other process took.
   */
  private locksLost(client: Client, error?: Error): void {
    if (this.stopped || this.lockClient !== client) return;
    this.lockClient = undefined;
    this.options.log.warn(`the consumers' lock session ended (${error?.message ?? 'closed'}): standing by again`);
    void this.standByAgain();
  }

  private async standByAgain(): Promise<void> {
    const running = [...this.running.values()];
    running.forEach((entry) => (entry.closing = true));
    await Promise.all(running.map((entry) => entry.subscription.close()));
    this.running.clear();
    while (!this.stopped && !this.lockClient) {
      try {
        await this.connectLocks();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, this.options.retryMs));
      }
    }
    await this.startStandingBy();
  }

  /** The consumers this process runs, with the checkpoint each has handled. */
  positions(): { name: string; position: Checkpoint }[] {
    return [...this.running.entries()].map(([name, running]) => ({ name, position: running.subscription.position }));
  }

  /** Resolves once every consumer this process runs has handled everything up to `target` (and rebuilds went live). */
  async reached(target: Checkpoint): Promise<void> {
    const behind = (): boolean =>
      [...this.running.values()].some(
        (running) => !running.live || compareCheckpoints(running.subscription.position, target) < 0,
      );
    if (!behind()) return;
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (behind()) return;
        this.progress.off('progress', check);
        resolve();
      };
      this.progress.on('progress', check);
      check();
    });
  }

  /** The projections, here or in other processes, that have not handled `target` yet. */
  projectionsBehind(target: Checkpoint): Promise<string[]> {
    return this.behind(this.projectionNames, target);
  }

  /** Resolves when a consumer of this process next handles a batch, or after `ms` (others progress unseen). */
  nextProgress(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.progress.off('progress', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.progress.on('progress', done);
    });
  }

  private startStandingBy(): Promise<void> {
    // one pass at a time: the lock connection runs one query at a time
    this.standingBy ??= this.tryStartEach().finally(() => (this.standingBy = undefined));
    return this.standingBy;
  }

  private async tryStartEach(): Promise<void> {
    for (const consumer of this.consumers) {
      if (this.stopped || this.running.has(consumer.definition.name)) continue;
      try {
        if (await this.tryLock(consumer.definition.name)) await this.run(consumer);
      } catch (error) {
        this.options.log.error(`consumer ${consumer.definition.name} did not start`, error);
      }
    }
  }

  private async tryLock(name: string): Promise<boolean> {
    if (!this.lockClient) return false; // between sessions: the next one takes it
    const { rows } = await this.lockClient.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as locked',
      [`consumer:${name}`],
    );
    return rows[0].locked;
  }

  private async run(consumer: Consumer): Promise<void> {
    const { name } = consumer.definition;
    const { generation, live } =
      consumer.kind === 'projection'
        ? await this.projectionStore.currentGeneration(name, consumer.definition.version)
        : { generation: REACTOR_GENERATION, live: true };
    const from = await this.projectionStore.checkpointOf(name, generation);
    const entry: Partial<Running> & { live: boolean } = { consumer, generation, live };
    entry.subscription = subscribe(this.store, from, (events) => this.handle(entry as Running, events), {
      batchSize: this.options.batchSize,
      pollMs: this.options.pollMs,
      retryMs: this.options.retryMs,
      onError: (error) =>
        this.options.log.error(`consumer ${name} failed; it retries the same events until they succeed`, error),
      onRecovered: () => this.options.log.info(`consumer ${name} goes on`),
      onCaughtUp: () => this.caughtUp(entry as Running),
    });
    this.running.set(name, entry as Running);
  }

  private async handle(running: Running, events: StoredEvent[]): Promise<void> {
    const { consumer, generation } = running;
    const last = (events.at(-1) as StoredEvent).checkpoint;
    await this.followedReached(running, last);
    const handled = new Set<string>(consumer.definition.handles);
    const mine = events.filter((event) => handled.has(event.type));
    if (consumer.kind === 'projection' && targetsOf(consumer.definition, mine).length > 0) {
      await this.projectionStore.applyEvents(consumer.definition, generation, events, last);
    } else {
      // a batch that changes none of its documents moves only the checkpoint: one statement, not a transaction (most
      // batches are none of most consumers', and every consumer reads every append)
      if (consumer.kind === 'reactor' && mine.length > 0)
        await acting.as(`reactor:${consumer.definition.name}`, () => consumer.definition.react(mine));
      await this.projectionStore.saveCheckpoint(consumer.definition.name, generation, last);
    }
    this.options.onHandled?.(consumer.definition.name, events.length, last);
    // the subscription moves its position after this resolves: tell waiters on the next turn
    setImmediate(() => this.progress.emit('progress'));
  }

  /**
   * Waits until the consumers `consumer` follows have handled everything up to `target`, here or in another process.
   */
  private async followedReached(running: Running, target: Checkpoint): Promise<void> {
    const { consumer } = running;
    const followed = this.followed.get(consumer.definition.name) ?? [];
    if (followed.length === 0) return;
    const started = Date.now();
    let warned = false;
    for (;;) {
      const behind = await this.behind(followed, target);
      if (behind.length === 0) return;
      if (this.stopped || running.closing)
        throw new Error(`stopped while ${consumer.definition.name} waited for ${behind.join(', ')}`);
      if (!warned && Date.now() - started > FOLLOW_WARN_MS) {
        warned = true;
        this.options.log.warn(
          `${consumer.definition.name} has waited ${FOLLOW_WARN_MS} ms for ${behind.join(', ')} to catch up`,
        );
      }
      await this.nextProgress(FOLLOW_POLL_MS);
    }
  }

  /**
   * Which of `names` have not handled `target` yet: read from the subscriptions of this process, else from the store.
   */
  private behind(names: readonly string[], target: Checkpoint): Promise<string[]> {
    const here = new Map([...this.running].map(([name, running]) => [name, running.subscription.position]));
    return projectionsBehind(this.projectionStore, names, target, here);
  }

  private async caughtUp(running: Running): Promise<void> {
    this.progress.emit('progress');
    if (running.live || running.consumer.kind !== 'projection') return;
    await this.projectionStore.goLive(running.consumer.definition.name, running.generation);
    running.live = true;
    this.progress.emit('progress');
    this.options.log.info(`projection ${running.consumer.definition.name} generation ${running.generation} is live`);
  }

  /** A manual rebuild created a newer generation: restart the projection on it. */
  private followNewGenerations(): Promise<void> {
    this.following ??= this.restartRebuilt()
      .catch((error: unknown) => this.options.log.error('switching to a rebuilt generation failed', error))
      .finally(() => (this.following = undefined));
    return this.following;
  }

  private async restartRebuilt(): Promise<void> {
    for (const [name, running] of this.running) {
      if (this.stopped) return;
      if (running.consumer.kind !== 'projection') continue;
      const { generation } = await this.projectionStore.currentGeneration(name, running.consumer.definition.version);
      if (generation === running.generation) continue;
      // the entry stays (not live) until run() replaces it: a standby pass in between must not see the consumer
      // missing and start a second subscription of it, and settled() must wait for the new generation
      running.live = false;
      running.closing = true;
      await running.subscription.close();
      await this.run(running.consumer);
    }
  }
}
