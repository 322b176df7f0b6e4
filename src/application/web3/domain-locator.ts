import { Injectable } from '@nestjs/common';
import { Address, Blockchain } from '../../domain/chains/blockchain';
import { Refused } from '../../domain/shared/errors';
import { writableDomain } from '../../domain/web3-domains/custody';
import { ChainReader, DomainState } from '../chains/chain-reader.port';
import { Web3Settings } from './web3-settings';

export interface LocatedDomain extends DomainState {
  readonly name: string;
  readonly blockchain: Blockchain;
}

/**
 * Where a blockchain name lives and who holds it, read from the chains themselves: commands decide on what the
 * registry says now, not on a read model that may be a block behind.
 */
@Injectable()
export class DomainLocator {
  constructor(
    private readonly chain: ChainReader,
    private readonly settings: Web3Settings,
  ) {}

  /** The chain the name is minted on (its registration chain when it is not minted anywhere). */
  async locate(name: string, keys: readonly string[] = []): Promise<LocatedDomain> {
    const home = this.settings.registrationChainOf(name);
    if (!home) throw new Refused('VALIDATION', `${name} has no supported ending`);
    const chains = [home, ...this.chain.blockchains().filter((chain) => chain !== home)];
    const states = await Promise.all(chains.map((chain) => this.chain.domain(chain, name, keys))).catch(
      (error: unknown) => {
        // the decision needs the chain's word: without it the request fails as the upstream's fault, not ours
        throw new Refused('BAD_GATEWAY', `a chain did not answer: ${(error as Error).message.split('\n')[0]}`);
      },
    );
    const found = states.findIndex((state) => state.owner !== null);
    const index = found === -1 ? 0 : found;
    return { ...states[index], name, blockchain: chains[index] };
  }

  /** A minted domain that the service may write; refuses otherwise (`writableDomain`). */
  async writable(name: string, keys: readonly string[] = []): Promise<LocatedDomain & { owner: Address }> {
    return writableDomain(await this.locate(name, keys));
  }

  /** The name an address's reverse resolution points at, on whichever chain it is set; null when none. */
  async primaryDomainOf(address: Address): Promise<string | null> {
    const names = await Promise.all(
      this.chain.blockchains().map((blockchain) => this.chain.reverseNameOf(blockchain, address)),
    );
    return names.find((name) => name !== null) ?? null;
  }

  /** Transactions on the name's token waiting in its chain's pool that the service did not send. */
  async foreignPendingTransactions(name: string): Promise<readonly `0x${string}`[]> {
    const located = await this.locate(name).catch(() => undefined);
    return located ? this.chain.foreignPendingTransactions(located.blockchain, name) : [];
  }
}
