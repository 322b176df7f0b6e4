/**
 * The DNSSEC algorithms and DS digest types the service accepts (`decisions.md` §4), with their IANA mnemonics:
 * those current practice recommends for signing and delegation (RFC 8624), none of the deprecated ones.
 */
export const DNSSEC_ALGORITHMS: ReadonlyMap<number, string> = new Map([
  [8, 'RSASHA256'],
  [13, 'ECDSAP256SHA256'],
  [14, 'ECDSAP384SHA384'],
  [15, 'ED25519'],
  [16, 'ED448'],
]);

/** Each digest type and the length of its digest in hex digits. */
export const DS_DIGEST_TYPES: ReadonlyMap<number, Readonly<{ name: string; hexLength: number }>> = new Map([
  [2, { name: 'SHA-256', hexLength: 64 }],
  [4, { name: 'SHA-384', hexLength: 96 }],
]);
