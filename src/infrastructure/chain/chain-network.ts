import { Address } from 'viem';
import { Blockchain } from '../../domain/chains/blockchain';

/** One chain as the service uses it: where to reach it and where the registry contracts are on it. */
export interface ChainNetwork {
  readonly blockchain: Blockchain;
  readonly chainId: number;
  readonly rpcUrl: string;
  /** Its WebSocket JSON-RPC, where new blocks are announced (`eth_subscribe`); none: the indexer polls only. */
  readonly wsUrl?: string;
  readonly registry: Address;
  readonly mintingManager: Address;
  readonly proxyReader: Address;
  readonly forwarder: Address;
  /** The indexer starts here on a chain it has never read. */
  readonly registryDeploymentBlock: bigint;
  /** True when this process or another of this DATA_DIR runs the node (anvil). */
  readonly embedded: boolean;
}

/** The chains of this process and the key that pays for and relays its transactions. */
export interface ChainSetup {
  readonly networks: readonly ChainNetwork[];
  readonly relayerKey: `0x${string}`;
  /** Endings per chain: claims of a TLD are minted on its chain. */
  readonly tlds: readonly { readonly tld: string; readonly blockchain: Blockchain }[];
}

export const NO_CHAINS: ChainSetup = { networks: [], relayerKey: `0x${'0'.repeat(63)}1`, tlds: [] };
