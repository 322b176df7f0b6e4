import { Decider, fold } from './decider';
import { DomainCommand, DomainEvent } from './message';

type Added = DomainEvent<'Added', { amount: number }>;
const counter: Decider<DomainCommand, Added, number> = {
  initialState: () => 0,
  evolve: (total, event) => total * 10 + event.data.amount,
  decide: () => [],
};
const added = (amount: number): Added => ({ type: 'Added', data: { amount } });

describe('folding a stream', () => {
  it('starts from the initial state', () => expect(fold(counter, [])).toBe(0));

  it('applies the events in their order', () => expect(fold(counter, [added(1), added(2), added(3)])).toBe(123));
});
