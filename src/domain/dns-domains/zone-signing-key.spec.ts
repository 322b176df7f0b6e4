import { canonicalNameOf, dnskeyRdataOf, dsOf, keyTagOf, newSigningKeyPair } from './zone-signing-key';

/** RFC 6605 §6.1: the example zone's P-256 key and the DS record the RFC publishes for it. */
const RFC6605_KEY = 'GojIhhXUN/u4v54ZQqGSnyhWJwaubCvTmeexv7bR6edbkrSqQpF64cYbcB7wNcP+e+MAnLr+Wi9xMWyQLc8NAA==';

describe('a zone signing key', () => {
  it('has the key tag and DS record RFC 6605 gives for its example', () => {
    expect(keyTagOf(dnskeyRdataOf(Buffer.from(RFC6605_KEY, 'base64')))).toBe(55648);
    expect(dsOf('example.net', { publicKey: RFC6605_KEY })).toEqual({
      keyTag: 55648,
      algorithm: 13,
      digestType: 2,
      digest: 'b4c8c1fe2e7477127b27115656ad6256f424625bf5c1e2770ce6d6e37df61d17',
    });
  });

  it('sums the bytes of any RDATA as RFC 4034 does, an odd last byte as the high one', () =>
    expect(keyTagOf(Buffer.from([1, 2, 3]))).toBe((1 << 8) + 2 + (3 << 8)));

  it('names its zone in canonical wire form, the root alone as one empty label', () => {
    expect(canonicalNameOf('Example.NET')).toEqual(
      Buffer.from([7, ...Buffer.from('example'), 3, ...Buffer.from('net'), 0]),
    );
    expect(canonicalNameOf('')).toEqual(Buffer.from([0]));
  });

  it('is a new P-256 point of 64 bytes each time', () => {
    const [first, second] = [newSigningKeyPair(), newSigningKeyPair()];
    expect(first.publicKey).toHaveLength(64);
    expect(first.publicKey.equals(second.publicKey)).toBe(false);
  });
});
