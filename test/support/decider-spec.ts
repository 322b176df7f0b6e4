import { Decider, fold } from '../../src/domain/shared/decider';
import { DomainError, DomainErrorCode } from '../../src/domain/shared/errors';
import { DomainCommand, DomainEvent } from '../../src/domain/shared/message';

/** What a refusal carries besides its class: the code every surface maps, and the message and context it shows. */
export type Refusal = Readonly<{
  code?: DomainErrorCode;
  message?: RegExp;
  context?: Readonly<Record<string, unknown>>;
}>;

/** A state with only the fields a test names, at any depth (arrays keep their length: each element is matched). */
export type StateMatch<T> = T extends ReadonlyMap<unknown, unknown> | ReadonlySet<unknown>
  ? T
  : T extends readonly (infer U)[]
    ? readonly StateMatch<U>[]
    : T extends object
      ? { readonly [K in keyof T]?: StateMatch<T[K]> }
      : T;

const expectState = (state: unknown, expected: unknown) => expect(state).toMatchObject(expected as object);

/** What `act` threw; a test that expected a refusal fails when nothing was thrown. */
export const thrownBy = (act: () => unknown): unknown => {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal, but the command was decided');
};

/**
 * given(events).when(command).then(events) / .thenNothing() / .thenThrows(ErrorClass, /message/ or { code, message,
 * context }) / .thenState(state): deciders tested without I/O. `thenState` folds the given events and the decided
 * ones, and matches the state (partially: only the fields named) — what the next decision will read.
 * given(events).thenState(state) checks `evolve` alone.
 */
export const deciderSpec =
  <C extends DomainCommand, E extends DomainEvent, S>(decider: Decider<C, E, S>) =>
  (...given: E[]) => ({
    when: (command: C) => {
      const decide = () => decider.decide(command, fold(decider, given));
      return {
        then: (...expected: E[]) => expect(decide()).toEqual(expected),
        thenNothing: () => expect(decide()).toEqual([]),
        thenThrows: (error: new (...args: never[]) => Error, expected?: RegExp | Refusal) => {
          const thrown = thrownBy(decide);
          expect(thrown).toBeInstanceOf(error);
          if (expected instanceof RegExp) {
            expect((thrown as Error).message).toMatch(expected);
            return;
          }
          if (expected?.code !== undefined) expect((thrown as DomainError).code).toBe(expected.code);
          if (expected?.message !== undefined) expect((thrown as Error).message).toMatch(expected.message);
          if (expected?.context !== undefined) expect((thrown as DomainError).context).toEqual(expected.context);
        },
        thenState: (expected: StateMatch<S>) => expectState(fold(decider, [...given, ...decide()]), expected),
      };
    },
    thenState: (expected: StateMatch<S>) => expectState(fold(decider, given), expected),
  });
