import { assertNever } from './assert-never';

describe('assertNever', () => {
  it('fails loudly, naming the value no branch took', () =>
    expect(() => assertNever({ type: 'NewerEvent' } as never)).toThrow(
      new Error('unexpected value: {"type":"NewerEvent"}'),
    ));
});
