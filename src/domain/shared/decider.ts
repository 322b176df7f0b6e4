import { DomainCommand, DomainEvent } from './message';

/**
 * The whole behaviour of an aggregate: what it decides for a command given its state, and how an event
 * changes the state. Both are pure; the state of a stream is the fold of `evolve` over its events.
 */
export interface Decider<Command extends DomainCommand, Event extends DomainEvent, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

export const fold = <E extends DomainEvent, S>(
  decider: Pick<Decider<never, E, S>, 'initialState' | 'evolve'>,
  events: readonly E[],
): S => events.reduce(decider.evolve, decider.initialState());
