import { namehash } from 'viem';

/** The EVM chains blockchain domains live on, by the names the interfaces use, with their chain ids. */
export const BLOCKCHAINS = { ETH: 1, MATIC: 137, BASE: 8453 } as const;
export type Blockchain = keyof typeof BLOCKCHAINS;

export const isBlockchain = (value: unknown): value is Blockchain =>
  typeof value === 'string' && Object.hasOwn(BLOCKCHAINS, value);

/**
 * Chains the service reads but never writes: ETH holds the names minted there before and what their owners do with
 * them. Claims, changes and returns of their names are refused, and nothing is ever sent to them.
 */
const READ_ONLY: ReadonlySet<Blockchain> = new Set(['ETH']);
export const isReadOnly = (blockchain: Blockchain): boolean => READ_ONLY.has(blockchain);

/** A 0x address in lowercase: the form stored in events and read models, so that filters compare equal. */
export type Address = `0x${string}`;
export const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000';

/** Tokens sent to these are gone for good: a domain they hold counts as never owned. */
const BURN_ADDRESSES: ReadonlySet<string> = new Set([ZERO_ADDRESS, '0x000000000000000000000000000000000000dead']);

/** Someone holds the token: it exists and was not burnt. */
export const isHeld = (owner: Address | null): owner is Address =>
  owner !== null && !BURN_ADDRESSES.has(owner.toLowerCase());

/**
 * The ERC-721 token id of a name: its EIP-137 namehash, as 0x and 64 lowercase hex digits. Names are lowercased
 * first (the registry hashes labels as given, so `Alice.crypto` would otherwise be a different token).
 */
export const tokenIdOf = (name: string): `0x${string}` => namehash(name.trim().toLowerCase());

/** 0x and 64 hex digits from a uint256, so that token ids sort as text in their numeric order. */
export const tokenIdHex = (tokenId: bigint): `0x${string}` => `0x${tokenId.toString(16).padStart(64, '0')}`;
