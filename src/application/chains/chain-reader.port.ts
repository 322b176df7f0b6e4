import { Address, Blockchain } from '../../domain/chains/blockchain';

/** A meta-transaction for the registry: `data` is a registry call that `from` (the domain's owner) authorises. */
export interface ForwardRequest {
  readonly from: Address;
  readonly nonce: bigint;
  readonly tokenId: bigint;
  readonly data: `0x${string}`;
}

/**
 * A forward request and the digest its owner signs as raw bytes (EIP-191): keccak256(keccak256(data), registry, nonce).
 */
export interface UnsignedForwardRequest {
  readonly request: ForwardRequest;
  readonly messageToSign: `0x${string}`;
}

/** What an owner may authorise: records merged or reset, the token moved keeping or resetting records. */
export type OwnerCall =
  | { readonly kind: 'SET_RECORDS'; readonly records: Readonly<Record<string, string>>; readonly reset: boolean }
  | { readonly kind: 'TRANSFER'; readonly to: Address; readonly resetRecords: boolean }
  /** The owner's reverse resolution: set to this domain, or removed (the request names the current one). */
  | { readonly kind: 'SET_REVERSE'; readonly name: string }
  | { readonly kind: 'REMOVE_REVERSE' };

export interface DomainState {
  readonly tokenId: `0x${string}`;
  /** null when the token does not exist. */
  readonly owner: Address | null;
  readonly resolver: Address | null;
  readonly records: Readonly<Record<string, string>>;
}

/**
 * What the registry contracts on each chain say now. Commands decide on it (not on a read model that may be a
 * block behind); requests an owner signs are built and checked here, and sent by the `ChainWriter`.
 */
export abstract class ChainReader {
  abstract blockchains(): readonly Blockchain[];
  /** The account that pays for gas, mints and relays; domains returned to the service go to it. */
  abstract serviceAddress(): Address;
  /** The registry contract on a chain (self-custody owners sign requests for it). */
  abstract registryOf(blockchain: Blockchain): Address;
  abstract domain(blockchain: Blockchain, name: string, keys: readonly string[]): Promise<DomainState>;
  abstract nonceOf(blockchain: Blockchain, name: string): Promise<bigint>;
  /** The name an address's reverse resolution points at on a chain; null when it has none. */
  abstract reverseNameOf(blockchain: Blockchain, address: Address): Promise<string | null>;
  /** The forward request for an owner's call at the token's current nonce, and what the owner signs. */
  abstract forwardRequest(
    blockchain: Blockchain,
    name: string,
    from: Address,
    call: OwnerCall,
  ): Promise<UnsignedForwardRequest>;
  /** Whether `signature` authorises `request` now: recovered off-chain, then asked of the registry itself. */
  abstract verify(
    blockchain: Blockchain,
    request: ForwardRequest,
    signature: `0x${string}`,
  ): Promise<{ offChain: boolean; onChain: boolean }>;
  /**
   * The chain on which `address` is a contract wallet that accepts `signature` for `hash` (ERC-1271
   * `isValidSignature`); undefined when it is a contract on none of them, or none accepts.
   */
  abstract contractWalletAccepts(
    address: Address,
    hash: `0x${string}`,
    signature: `0x${string}`,
  ): Promise<Blockchain | undefined>;
  /**
   * Transactions waiting in the chain's pool that touch the name's token and that the service did not send (an
   * owner acting on the registry directly); empty where the node does not show its pool.
   */
  abstract foreignPendingTransactions(blockchain: Blockchain, name: string): Promise<readonly `0x${string}`[]>;
}
