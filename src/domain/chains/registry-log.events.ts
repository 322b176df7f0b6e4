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

export type RegistryLogEvent =
  | DomainTransferred
  | DomainNamed
  | DomainRecordSet
  | DomainRecordsReset
  | RecordKeyAdded
  | ReverseResolutionSet
  | ReverseResolutionRemoved;

export type ChainStreamEvent = RegistryLogEvent | ChainBlocksIndexed;

export const chainStream = (blockchain: Blockchain): string => `chain-${blockchain}`;
