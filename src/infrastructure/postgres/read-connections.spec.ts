import { lsnOf } from './read-connections';

describe('lsnOf', () => {
  it('orders WAL positions by their high then low half, as PostgreSQL does', () => {
    expect(lsnOf('0/0')).toBe(0n);
    expect(lsnOf('0/16B3748')).toBe(0x16b3748n);
    expect(lsnOf('1/0')).toBe(1n << 32n);
    expect(lsnOf('16/B374D848') > lsnOf('16/B374D847')).toBe(true);
    expect(lsnOf('17/0') > lsnOf('16/FFFFFFFF')).toBe(true);
  });
});
