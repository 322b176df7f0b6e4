import { Address, Blockchain } from '../../domain/chains/blockchain';

/** A meta-transaction for the registry: `data` is a registry call that `from` (the domain's owner) authorises. */
export interface ForwardRequest {
  readonly from: Address;
  readonly nonce: bigint;
  readonly tokenId: bigint;
  readonly data: `0x${string}`;
}

/** A forward request and the digest its owner signs as raw bytes (EIP-191): keccak256(keccak256(data), registry, nonce). */
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
 * A write's outcome. `transactionHash` is null when the chain already showed the write's effect (a retry after a
 * crash, or someone else did it), so nothing was sent.
 */
export interface ChainWriteResult {
  readonly transactionHash: `0x${string}` | null;
  readonly blockNumber: number | null;
}

/** Holds a key: the service's custodial wallets sign their domains' forward requests with it. */
export interface MessageSigner {
  readonly address: Address;
  signRaw(digest: `0x${string}`): Promise<`0x${string}`>;
}

/** The chain refused a write (a revert): retrying the same write cannot help. */
export class ChainWriteRejected extends Error {
  constructor(readonly blockchain: Blockchain, readonly writeId: string, reason: string) {
    super(`chain ${blockchain} rejected ${writeId}: ${reason}`);
    this.name = 'ChainWriteRejected';
  }
}

/**
 * The registry contracts on each chain. Every write names a `writeId` (a dependency id): the gateway records the
 * transaction before it waits for it and checks the chain before it sends again, so running a write twice (a
 * worker that crashed, a retry) has its effect once.
 */
export abstract class ChainGateway {
  abstract blockchains(): readonly Blockchain[];
  /** The account that pays for gas, mints and relays; domains returned to the service go to it. */
  abstract serviceAddress(): Address;
  /** The registry contract on a chain (self-custody owners sign requests for it). */
  abstract registryOf(blockchain: Blockchain): Address;
  abstract domain(blockchain: Blockchain, name: string, keys: readonly string[]): Promise<DomainState>;
  abstract nonceOf(blockchain: Blockchain, name: string): Promise<bigint>;

  /** Mints `name` to `to` with its first records (the relayer is a minter). */
  abstract mint(writeId: string, blockchain: Blockchain, name: string, to: Address, records: Readonly<Record<string, string>>): Promise<ChainWriteResult>;
  /** The forward request for an owner's call at the token's current nonce, and what the owner signs. */
  abstract forwardRequest(blockchain: Blockchain, name: string, from: Address, call: OwnerCall): Promise<UnsignedForwardRequest>;
  /** Whether `signature` authorises `request` now: recovered off-chain, then asked of the registry itself. */
  abstract verify(blockchain: Blockchain, request: ForwardRequest, signature: `0x${string}`): Promise<{ offChain: boolean; onChain: boolean }>;
  /** Sends a signed forward request through the registry's `execute`. */
  abstract relay(writeId: string, blockchain: Blockchain, request: ForwardRequest, signature: `0x${string}`): Promise<ChainWriteResult>;
  /** Follows up a write recorded before (undefined if there is none): its receipt, or its bytes sent again. */
  abstract resume(writeId: string, blockchain: Blockchain): Promise<ChainWriteResult | undefined>;
  /**
   * The chain on which `address` is a contract wallet that accepts `signature` for `hash` (ERC-1271
   * `isValidSignature`); undefined when it is a contract on none of them, or none accepts.
   */
  abstract contractWalletAccepts(address: Address, hash: `0x${string}`, signature: `0x${string}`): Promise<Blockchain | undefined>;
  /**
   * Transactions waiting in the chain's pool that touch the name's token and that the service did not send (an
   * owner acting on the registry directly); empty where the node does not show its pool.
   */
  abstract foreignPendingTransactions(blockchain: Blockchain, name: string): Promise<readonly `0x${string}`[]>;
  /** The service's own key as a signer: the owner of domains returned to it, which it hands on to claimers. */
  abstract serviceSigner(): MessageSigner;
  /** An owner's call signed with a key the service holds, then relayed. */
  abstract actAsOwner(writeId: string, blockchain: Blockchain, name: string, owner: MessageSigner, call: OwnerCall): Promise<ChainWriteResult>;
}
