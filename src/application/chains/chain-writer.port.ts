import { Address, Blockchain } from '../../domain/chains/blockchain';
import { ForwardRequest, OwnerCall } from './chain-reader.port';

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
  constructor(
    readonly blockchain: Blockchain,
    readonly writeId: string,
    reason: string,
  ) {
    super(`chain ${blockchain} rejected ${writeId}: ${reason}`);
    this.name = 'ChainWriteRejected';
  }
}

/**
 * Writes to the registry contracts. Every write names a `writeId` (a dependency id): the writer records the
 * transaction before it waits for it and checks the chain before it sends again, so running a write twice (a
 * worker that crashed, a retry) has its effect once.
 */
export abstract class ChainWriter {
  /** Mints `name` to `to` with its first records (the relayer is a minter). */
  abstract mint(
    writeId: string,
    blockchain: Blockchain,
    name: string,
    to: Address,
    records: Readonly<Record<string, string>>,
  ): Promise<ChainWriteResult>;
  /** Sends a signed forward request through the registry's `execute`. */
  abstract relay(
    writeId: string,
    blockchain: Blockchain,
    request: ForwardRequest,
    signature: `0x${string}`,
  ): Promise<ChainWriteResult>;
  /** Follows up a write recorded before (undefined if there is none): its receipt, or its bytes sent again. */
  abstract resume(writeId: string, blockchain: Blockchain): Promise<ChainWriteResult | undefined>;
  /**
   * After `blockchain` went back to a block of time `since` (epoch ms): every write sent since whose transaction is no
   * longer on the chain is followed up as a retry would (its bytes sent again while its nonce is free, or the chain
   * checked for its effect), so that it lands once. Answers how many were followed up.
   */
  abstract resendDropped(blockchain: Blockchain, since: number): Promise<number>;
  /** The service's own key as a signer: the owner of domains returned to it, which it hands on to claimers. */
  abstract serviceSigner(): MessageSigner;
  /** An owner's call signed with a key the service holds, then relayed. */
  abstract actAsOwner(
    writeId: string,
    blockchain: Blockchain,
    name: string,
    owner: MessageSigner,
    call: OwnerCall,
  ): Promise<ChainWriteResult>;
}
