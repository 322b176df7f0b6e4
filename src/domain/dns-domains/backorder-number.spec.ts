import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { backorderNumberDecider, backorderNumberStream } from './backorder-number';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(backorderNumberDecider);
const taken = (name = 'drop.com') => ({ type: 'BackorderNumberTaken' as const, data: { backorderId: 9, name, at } });
const take = (name = 'drop.com') => ({ type: 'TakeBackorderNumber' as const, data: { backorderId: 9, name, at } });

describe("a backorder's number", () => {
  it('is a stream per number, free at first', () => {
    expect(backorderNumberStream(9)).toBe('backorder-number-9');
    given().thenState({ name: null });
  });

  it('is taken once, for one name', () => {
    given().when(take()).then(taken());
    given(taken()).thenState({ name: 'drop.com' });
    given(taken())
      .when(take('other.com'))
      .thenThrows(Error, { code: 'CONFLICT', message: exactly('backorder number 9 is taken') });
  });
});
