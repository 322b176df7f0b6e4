import { Chain, createPublicClient, defineChain, Hex, http, PublicClient } from 'viem';
import { privateKeyToAccount, PrivateKeyAccount } from 'viem/accounts';
import { Address, Blockchain } from '../../domain/chains/blockchain';
import { ChainNetwork } from './chain-network';

export interface Connected {
  readonly network: ChainNetwork;
  readonly chain: Chain;
  readonly client: PublicClient;
}

export const lower = (address: string): Address => address.toLowerCase() as Address;

/** A viem client per configured chain, and the relayer's key that sends, mints and relays on every one. */
export class ChainConnections {
  private readonly connected = new Map<Blockchain, Connected>();
  readonly relayer: PrivateKeyAccount;

  constructor(networks: readonly ChainNetwork[], relayerKey: Hex) {
    this.relayer = privateKeyToAccount(relayerKey);
    for (const network of networks) {
      const chain = defineChain({
        id: network.chainId,
        name: network.blockchain,
        nativeCurrency: { name: network.blockchain, symbol: network.blockchain, decimals: 18 },
        rpcUrls: { default: { http: [network.rpcUrl] } },
      });
      // anvil mines at once; on a real network viem's default polling of 4 s would only add latency here
      const client = createPublicClient({
        chain,
        transport: http(network.rpcUrl),
        pollingInterval: 100,
      }) as PublicClient;
      this.connected.set(network.blockchain, { network, chain, client });
    }
  }

  blockchains(): Blockchain[] {
    return [...this.connected.keys()];
  }

  all(): [Blockchain, Connected][] {
    return [...this.connected];
  }

  on(blockchain: Blockchain): Connected {
    const connected = this.connected.get(blockchain);
    if (!connected) throw new Error(`chain ${blockchain} is not configured (CHAINS)`);
    return connected;
  }
}
