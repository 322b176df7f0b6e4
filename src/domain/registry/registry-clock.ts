import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * The sandbox registry's time: the service's clock plus every step an operator or a test moved it forward, so that
 * expiry, grace periods, redemption and automatic transfer approval happen without waiting for them. It never
 * moves back: what the registry decided at a time stays in its past.
 */
export const REGISTRY_CLOCK_STREAM = 'registry-clock';

type Of<Data> = MessageData<unknown, Data>;
export type RegistryClockAdvanced = DomainEvent<'RegistryClockAdvanced', Of<{ byMs: number }>>;
export type AdvanceRegistryClock = DomainCommand<'AdvanceRegistryClock', Of<{ byMs: number }>>;

/** How far the registry's time is ahead of the service's, in milliseconds. */
export type RegistryClock = Readonly<{ aheadMs: number }>;

/** At most ten years in one step: enough to pass any period, and a bound a typo cannot overflow. */
export const MAX_CLOCK_STEP_MS = 10 * 366 * 86_400_000;

const decide = (command: AdvanceRegistryClock, _clock: RegistryClock): RegistryClockAdvanced[] => {
  const { byMs, at } = command.data;
  if (!Number.isSafeInteger(byMs) || byMs <= 0 || byMs > MAX_CLOCK_STEP_MS) {
    throw new Refused('VALIDATION', `the registry clock moves forward by 1 ms to ten years, not ${byMs}`);
  }
  return [{ type: 'RegistryClockAdvanced', data: { byMs, at } }];
};

const evolve = (clock: RegistryClock, event: RegistryClockAdvanced): RegistryClock => {
  switch (event.type) {
    case 'RegistryClockAdvanced':
      return { aheadMs: clock.aheadMs + event.data.byMs };
    default:
      return assertNever(event.type);
  }
};

export const registryClockDecider: Decider<AdvanceRegistryClock, RegistryClockAdvanced, RegistryClock> = {
  initialState: () => ({ aheadMs: 0 }),
  evolve,
  decide,
};
