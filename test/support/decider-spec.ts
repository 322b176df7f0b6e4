import { Decider, fold } from '../../src/domain/shared/decider';
import { DomainCommand, DomainEvent } from '../../src/domain/shared/message';

/** given(events).when(command).then(events) / .thenNothing() / .thenThrows(ErrorClass): deciders tested without I/O. */
export const deciderSpec =
  <C extends DomainCommand, E extends DomainEvent, S>(decider: Decider<C, E, S>) =>
  (...given: E[]) => ({
    when: (command: C) => {
      const decide = () => decider.decide(command, fold(decider, given));
      return {
        then: (...expected: E[]) => expect(decide()).toEqual(expected),
        thenNothing: () => expect(decide()).toEqual([]),
        thenThrows: (error: new (...args: never[]) => Error, message?: RegExp) => {
          expect(decide).toThrow(error);
          if (message) expect(decide).toThrow(message);
        },
      };
    },
  });
