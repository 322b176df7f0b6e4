import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { EventStore, START } from '../../application/shared/event-store.port';
import { followedWithin, subscribe, Subscription } from '../../application/shared/subscription';
import { ResolutionMemory } from '../../projections/resolution/resolution-memory';
import { ResolutionReads } from '../../projections/resolution/resolution-reads.port';
import { ResolvedDomain, resolution } from '../../projections/resolution/resolution.projection';
import { AppConfig } from '../config/config';
import { Runtime } from '../runtime';
import { ProjectionStore } from '../../application/shared/projection-store.port';

/** How long a lookup waits for the memory to follow an append it was told of, before the database answers it. */
const FOLLOW_WAIT_MS = 250;

/**
 * The API process's memory of the resolution read model (`RESOLUTION_CACHE_MB`): loaded from the projection's
 * snapshot on the first lookup, then following the store with the projection's own fold, woken by each append's
 * notification. A lookup is answered from it only while it has followed every append the process was told of, so an
 * answer is never older than what a notification has announced; until it is loaded, past its budget, or when it
 * cannot follow, the database answers.
 */
@Injectable()
export class ResolutionMirror extends ResolutionReads implements OnApplicationShutdown {
  private readonly log = new Logger(ResolutionMirror.name);
  private started = false;
  private memory: ResolutionMemory | undefined;
  private subscription: Subscription | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly runtime: Runtime,
    private readonly projections: ProjectionStore,
    private readonly store: EventStore,
  ) {
    super();
  }

  async current(): Promise<ResolutionMemory | undefined> {
    if (!this.started) this.start();
    const subscription = this.subscription;
    if (!this.memory || !subscription) return undefined;
    const memory = this.memory;
    return subscription.current || (await followedWithin(subscription, FOLLOW_WAIT_MS)) ? memory : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.close();
  }

  private get budgetBytes(): number {
    return this.config.values.resolutionCacheMb * 1024 * 1024;
  }

  private start(): void {
    this.started = true;
    // a worker or a command answers no lookups worth keeping a copy for
    if (this.budgetBytes === 0 || !this.runtime.servesApi || this.runtime.command) return;
    this.load().catch((error: unknown) =>
      this.log.warn(`surface E reads the database: its memory could not be loaded (${(error as Error).message})`),
    );
  }

  private async load(): Promise<void> {
    if ((await this.projections.memoryEstimate(resolution.name)) > this.budgetBytes) return this.overBudget();
    const snapshot = await this.projections.snapshot<ResolvedDomain>(resolution.name, resolution.version);
    const memory = new ResolutionMemory();
    memory.load(snapshot?.rows ?? []);
    if (memory.bytes > this.budgetBytes) return this.overBudget();
    await new Promise<void>((caughtUp) => {
      this.subscription = subscribe(
        this.store,
        snapshot?.checkpoint ?? START,
        async (events) => {
          memory.apply(events);
          if (memory.bytes > this.budgetBytes) this.drop();
        },
        {
          pollMs: this.config.values.subscriptionPollMs,
          onError: (error) =>
            this.log.warn(`surface E's memory could not follow the store: ${(error as Error).message}`),
          onCaughtUp: () => caughtUp(),
        },
      );
    });
    if (this.subscription) this.memory = memory;
  }

  private overBudget(): void {
    this.log.warn(`surface E reads the database: its read model is larger than RESOLUTION_CACHE_MB`);
  }

  private drop(): void {
    this.overBudget();
    this.memory = undefined;
    const subscription = this.subscription;
    this.subscription = undefined;
    void subscription?.close();
  }
}
