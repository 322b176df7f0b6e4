import { Clock } from '../../application/shared/clock';
import { EventStore } from '../../application/shared/event-store.port';
import { handleCommand, loadStream } from '../../application/shared/handle-command';
import { REGISTRY_CLOCK_STREAM, registryClockDecider } from '../../domain/registry/registry-clock';

/**
 * The sandbox registry's time: the service's clock plus the steps recorded on `REGISTRY_CLOCK_STREAM`, so every
 * process (and the operator's CLI) reads the same registry time.
 */
export class SandboxRegistryClock {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  /** How far the registry's time is ahead of the service's, in milliseconds. */
  async aheadMs(): Promise<number> {
    return (await loadStream(this.store, REGISTRY_CLOCK_STREAM, registryClockDecider)).state.aheadMs;
  }

  async now(): Promise<number> {
    return this.clock.now() + (await this.aheadMs());
  }

  /** Moves the registry's time forward by `byMs` (1 ms to ten years); answers the new registry time. */
  async advance(byMs: number): Promise<number> {
    const command = { type: 'AdvanceRegistryClock', data: { byMs, at: this.clock.now() } } as const;
    await handleCommand(this.store, REGISTRY_CLOCK_STREAM, registryClockDecider, command);
    return this.now();
  }
}
