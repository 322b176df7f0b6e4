import { Decider, fold } from '../../src/domain/shared/decider';
import { DomainError } from '../../src/domain/shared/errors';
import { DomainEvent } from '../../src/domain/shared/message';
import { Refusal, StateMatch, thrownBy } from './decider-spec';

type Streams = Record<string, Decider<never, DomainEvent, unknown>>;
type EventsOf<S extends Streams> = { readonly [K in keyof S]?: ReturnType<S[K]['decide']> };
type StatesOf<S extends Streams> = { readonly [K in keyof S]: ReturnType<S[K]['initialState']> };
type StatesMatch<S extends Streams> = { readonly [K in keyof S]?: StateMatch<ReturnType<S[K]['initialState']>> };

/** A message matched whole, its text taken literally. */
export const exactly = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);

/** The act is refused with this class, code, message and exactly this context. */
export const expectRefusal = (
  act: () => unknown,
  error: new (...args: never[]) => Error,
  { code, message, context }: Required<Refusal>,
): void => {
  const thrown = thrownBy(act);
  expect(thrown).toBeInstanceOf(error);
  const { code: thrownCode, message: thrownMessage, context: thrownContext } = thrown as DomainError;
  expect({ code: thrownCode, message: thrownMessage, context: thrownContext }).toEqual({
    code,
    message: expect.stringMatching(message),
    context,
  });
};

/**
 * decisionSpec(streams, decide)(given events per stream).when(request).then(events appended per stream) /
 * .thenThrows(ErrorClass, { code, message, context }) / .thenState(state per stream): a decision over several
 * streams (an operation, its domain's activity, a claim, a billing account...), each folded with its own decider.
 * A stream `then` leaves out appends nothing; `thenState` folds the given and the decided events, and matches
 * only the fields named.
 */
export const decisionSpec =
  <S extends Streams, R>(
    streams: S,
    decide: (request: R, states: StatesOf<S>) => { readonly [K in keyof S]?: readonly DomainEvent[] },
  ) =>
  (given: EventsOf<S> = {}) => {
    const names = Object.keys(streams) as (keyof S & string)[];
    const perStream = <T>(valueOf: (name: keyof S & string) => T) =>
      Object.fromEntries(names.map((name) => [name, valueOf(name)]));
    const statesOf = (events: Readonly<Partial<Record<string, readonly DomainEvent[]>>>) =>
      perStream((name) =>
        fold(streams[name] as Decider<never, DomainEvent, unknown>, events[name] ?? []),
      ) as StatesOf<S>;
    return {
      when: (request: R) => {
        const decided = () => decide(request, statesOf(given));
        return {
          then: (expected: EventsOf<S>) => {
            const decision = decided();
            expect(perStream((name) => decision[name] ?? [])).toEqual(perStream((name) => expected[name] ?? []));
          },
          thenThrows: (error: new (...args: never[]) => Error, refusal: Required<Refusal>) =>
            expectRefusal(decided, error, refusal),
          thenState: (expected: StatesMatch<S>) => {
            const decision = decided();
            expect(statesOf(perStream((name) => [...(given[name] ?? []), ...(decision[name] ?? [])]))).toMatchObject(
              expected,
            );
          },
        };
      },
    };
  };

/** The refusal of a charge that would take an account's running balance past its credit limit. */
export const pastCreditLimit = (chargeCents: number, balanceCents: number, limitCents: number) =>
  ({
    code: 'INSUFFICIENT_BALANCE',
    message: exactly(
      `the charge of ${chargeCents} cents would take the running balance past its limit of ${limitCents} cents`,
    ),
    context: { balanceCents, limitCents },
  }) as const;
