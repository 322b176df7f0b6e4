import { DomainEvent } from '../shared/message';
import { Address, Blockchain } from './blockchain';

/**
 * What the indexer saw in a registry's logs, one event per log, appended to the chain's stream (`chain-<NAME>`) in
 * block order. Every log of the registry counts, whoever sent the transaction: resolution answers what the chain
 * says. Token ids are 0x and 64 hex digits; addresses are lowercase.
 */
export interface LogPlace {
  readonly blockchain: Blockchain;
  readonly networkId: number;
  /** The registry that wrote the log (it is also every UNS domain's resolver). */
  readonly registry: Address;
  readonly blockNumber: number;
  /** Epoch milliseconds of the block. */
  readonly blockTimestamp: number;
  readonly transactionHash: string;
  readonly logIndex: number;
}

export type DomainTransferred = DomainEvent<
  'DomainTransferred',
  LogPlace & { tokenId: string; from: Address; to: Address }
>;
/** `NewURI`: the registry names a token when it is minted. */
export type DomainNamed = DomainEvent<'DomainNamed', LogPlace & { tokenId: string; name: string }>;
export type DomainRecordSet = DomainEvent<
  'DomainRecordSet',
  LogPlace & { tokenId: string; key: string; value: string }
>;
export type DomainRecordsReset = DomainEvent<'DomainRecordsReset', LogPlace & { tokenId: string }>;
export type RecordKeyAdded = DomainEvent<'RecordKeyAdded', LogPlace & { key: string }>;
export type ReverseResolutionSet = DomainEvent<
  'ReverseResolutionSet',
  LogPlace & { address: Address; tokenId: string }
>;
/** `RemoveReverse` names only the address; the indexer adds the token it pointed to just before (null if none). */
export type ReverseResolutionRemoved = DomainEvent<
  'ReverseResolutionRemoved',
  LogPlace & { address: Address; tokenId: string | null }
>;
/** Closes every append of the indexer: the blocks up to `toBlock` are in the stream, so a restart goes on after it. */
export type ChainBlocksIndexed = DomainEvent<
  'ChainBlocksIndexed',
  { blockchain: Blockchain; fromBlock: number; toBlock: number; toBlockHash: string }
>;

/**
 * A domain whose logs fell out of the chain (a reorganisation), told again as the chain now has it: `replay` is
 * every log of the token still on the chain, in order, for read models to fold anew (empty: the token is gone).
 */
export type DomainRewound = DomainEvent<
  'DomainRewound',
  { blockchain: Blockchain; tokenId: string; replay: readonly RegistryLogEvent[] }
>;

/**
 * Closes the append of a reorganisation: the chain went back to `toBlock` (whose hash it still has), so the blocks
 * after it, up to `orphanedThrough`, are no longer on it; the indexer goes on after `toBlock` on the new branch.
 */
export type ChainRewound = DomainEvent<
  'ChainRewound',
  {
    blockchain: Blockchain;
    toBlock: number;
    toBlockHash: string;
    /** Epoch milliseconds of `toBlock`: what was sent after it may have been in a dropped block. */
    toBlockTime: number;
    orphanedThrough: number;
  }
>;

export type RegistryLogEvent =
  | DomainTransferred
  | DomainNamed
  | DomainRecordSet
  | DomainRecordsReset
  | RecordKeyAdded
  | ReverseResolutionSet
  | ReverseResolutionRemoved;

export type ChainStreamEvent = RegistryLogEvent | ChainBlocksIndexed | DomainRewound | ChainRewound;

export const chainStream = (blockchain: Blockchain): string => `chain-${blockchain}`;
