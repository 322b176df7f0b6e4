import { DNSSEC_ALGORITHMS, DS_DIGEST_TYPES } from './dnssec';
import { dsProblemOf } from './record-values';

const digestOf = (hexLength: number) => 'a'.repeat(hexLength);

describe('the DNSSEC surface D takes', () => {
  it('lists the signing algorithms RFC 8624 recommends, by their IANA mnemonics', () =>
    expect([...DNSSEC_ALGORITHMS]).toEqual([
      [8, 'RSASHA256'],
      [13, 'ECDSAP256SHA256'],
      [14, 'ECDSAP384SHA384'],
      [15, 'ED25519'],
      [16, 'ED448'],
    ]));

  it('lists the DS digest types, by name', () =>
    expect([...DS_DIGEST_TYPES].map(([type, { name }]) => [type, name])).toEqual([
      [2, 'SHA-256'],
      [4, 'SHA-384'],
    ]));

  it.each([8, 13, 14, 15, 16])('takes DS records of algorithm %d', (algorithm) =>
    expect(dsProblemOf(algorithm, 2, digestOf(64))).toBeUndefined(),
  );

  it.each([1, 3, 5, 6, 7, 10, 12, 17])('refuses DS records of algorithm %d', (algorithm) =>
    expect(dsProblemOf(algorithm, 2, digestOf(64))).toBe(
      'the algorithm is not one the service takes (8, 13, 14, 15, 16)',
    ),
  );

  it('wants a digest of its type’s length', () => {
    expect(dsProblemOf(13, 2, digestOf(64))).toBeUndefined();
    expect(dsProblemOf(13, 4, digestOf(96))).toBeUndefined();
    expect(dsProblemOf(13, 2, digestOf(96))).toBe('the digest must be 64 hex digits for SHA-256');
    expect(dsProblemOf(13, 4, digestOf(64))).toBe('the digest must be 96 hex digits for SHA-384');
    for (const type of [1, 3]) {
      expect(dsProblemOf(13, type, digestOf(64))).toBe('the digest type must be 2 (SHA-256) or 4 (SHA-384)');
    }
  });
});
