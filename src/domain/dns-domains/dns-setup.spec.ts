import { RECORD_TYPES, TTL_RANGE } from './dns-setup';
import { parseRecordValue } from './record-values';

describe('the DNS setup surface D takes', () => {
  it.each(RECORD_TYPES)('reads values of %s records', (type) =>
    expect(parseRecordValue(type, '')).toEqual({ ok: false, problem: expect.any(String) }),
  );

  it('keeps a TTL between a minute and a week', () => expect(TTL_RANGE).toEqual({ min: 60, max: 7 * 86_400 }));
});
