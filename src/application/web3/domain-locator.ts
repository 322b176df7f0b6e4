import { Injectable } from '@nestjs/common';
import { Address, Blockchain, ZERO_ADDRESS } from '../../domain/chains/blockchain';
import { walletTypeOf, Web3Account } from '../../domain/web3-accounts/web3-account';
import { NotFound, Refused } from '../../domain/shared/errors';
import { ChainReader, DomainState } from '../chains/chain-reader.port';
import { Web3Settings } from './web3-settings';

export type OwnerType = 'NONE' | 'SERVICE' | 'SELF' | 'EXTERNAL';

/** Tokens sent here are gone for good: the domain counts as never owned. */
const BURN_ADDRESSES: ReadonlySet<string> = new Set([ZERO_ADDRESS, '0x000000000000000000000000000000000000dead']);

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
    const states = await Promise.all(chains.map((chain) => this.chain.domain(chain, name, keys))).catch((error: unknown) => {
      // the decision needs the chain's word: without it the request fails as the upstream's fault, not ours
      throw new Refused('BAD_GATEWAY', `a chain did not answer: ${(error as Error).message.split('\n')[0]}`);
    });
    const found = states.findIndex((state) => state.owner !== null);
    const index = found === -1 ? 0 : found;
    return { ...states[index], name, blockchain: chains[index] };
  }

  /** A minted domain that the service may write (not ETH); refuses otherwise. */
  async writable(name: string, keys: readonly string[] = []): Promise<LocatedDomain & { owner: Address }> {
    const located = await this.locate(name, keys);
    if (located.owner === null || BURN_ADDRESSES.has(located.owner)) throw new NotFound('domain', name);
    if (located.blockchain === 'ETH') throw new Refused('UNSUPPORTED_BLOCKCHAIN', `${name} is on ETH, which is read-only for now`, { blockchain: 'ETH' });
    return located as LocatedDomain & { owner: Address };
  }

  ownerTypeOf(owner: Address | null, account: Web3Account): OwnerType {
    if (owner === null || BURN_ADDRESSES.has(owner)) return 'NONE';
    if (owner === this.chain.serviceAddress()) return 'SERVICE';
    return walletTypeOf(account, owner) === 'SELF' ? 'SELF' : 'EXTERNAL';
  }
}
