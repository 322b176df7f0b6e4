import { Blockchain } from '../../domain/chains/blockchain';

/**
 * How far each chain's registry logs are stored in the event store, which is how far resolution (surface E, and
 * the domains of surface C) can answer. A blockchain dependency completes only once its write is stored there.
 */
export abstract class ChainIndex {
  /**
   * Resolves once the chain's logs up to `block` are stored; up to the chain's safe head as of now when `block` is
   * null.
   */
  abstract indexed(blockchain: Blockchain, block: number | null): Promise<void>;
}
