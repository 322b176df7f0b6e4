import { join } from 'node:path';
import { createPublicClient, getAddress, Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { Blockchain, BLOCKCHAINS } from '../../domain/chains/blockchain';
import { AppConfig, ContractOverrides } from '../config/config';
import { RunningAnvil } from './anvil';
import { ChainNetwork, ChainSetup } from './chain-network';
import { mintFixtures } from './fixtures-minter';
import { startOrAdoptLocalChain } from './local-chain';
import { unsAddresses } from './uns-artifacts';
import { deployUnsLocally, pointLocalTokenUris } from './uns-deployment';
import { Log } from '../logging/log';
import { isAlive } from '../processes';

/** Anvil's second development account: the relayer of embedded chains, never of a real network. */
export const LOCAL_RELAYER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

export interface OpenChains extends ChainSetup {
  /** Stops the nodes this process started (or adopted); leaves others alone. */
  stop(): Promise<void>;
}

const settingsOf = (
  config: AppConfig,
  blockchain: Blockchain,
): { rpcUrl?: string; wsUrl?: string; port: number; overrides: ContractOverrides } => {
  const values = config.values;
  switch (blockchain) {
    case 'ETH':
      return {
        rpcUrl: values.chainEthRpcUrl,
        wsUrl: values.chainEthWsUrl,
        port: values.chainEthPort,
        overrides: values.chainEthContracts,
      };
    case 'MATIC':
      return {
        rpcUrl: values.chainMaticRpcUrl,
        wsUrl: values.chainMaticWsUrl,
        port: values.chainMaticPort,
        overrides: values.chainMaticContracts,
      };
    case 'BASE':
      return {
        rpcUrl: values.chainBaseRpcUrl,
        wsUrl: values.chainBaseWsUrl,
        port: values.chainBasePort,
        overrides: values.chainBaseContracts,
      };
  }
};

/**
 * The chains of `CHAINS`: a configured RPC URL is used as it is, with the contract addresses the package publishes
 * for its chain id (or the configured ones); otherwise the anvil of `DATA_DIR/chains` is started (or, when another
 * process of the same data directory runs it, found by its record and checked to be that chain), given the
 * contracts, on ETH the fixture domains, and token metadata URIs that point at `serving`. Processes sharing a
 * data directory should open their chains one at a time (`serve` holds a database lock for it), so that two of them
 * never start a node over the same state.
 */
export const openChains = async (
  config: AppConfig,
  log: Pick<Log, 'info' | 'debug'>,
  /** Where this process serves token metadata, for the local registries' `tokenURI`; none: left as it is. */
  serving: { readonly tokenMetadata?: string } = {},
): Promise<OpenChains> => {
  const { chains, relayerPrivateKey, web3Tlds, dataDir } = config.values;
  const external = chains.filter((blockchain) => settingsOf(config, blockchain).rpcUrl !== undefined);
  if (external.length > 0 && !relayerPrivateKey)
    throw new Error(
      `RELAYER_PRIVATE_KEY is required with ${external.map((name) => `CHAIN_${name}_RPC_URL`).join(', ')}`,
    );
  const relayerKey = (relayerPrivateKey ?? LOCAL_RELAYER_KEY) as Hex;
  const relayer = privateKeyToAccount(relayerKey).address;
  const started: RunningAnvil[] = [];
  const networks: ChainNetwork[] = [];
  /** The data directory's node of `blockchain`, up with the contracts, the ETH fixtures and the metadata URIs. */
  const bringUp = async (blockchain: Blockchain, port: number) => {
    const chainId = BLOCKCHAINS[blockchain];
    const node = await startOrAdoptLocalChain(join(dataDir, 'chains'), blockchain, chainId, port, log);
    const { created, ...deployment } = await deployUnsLocally(
      node.rpcUrl,
      chainId,
      web3Tlds.map((entry) => entry.tld),
      relayer,
      log,
    );
    if (created && blockchain === 'ETH') await mintFixtures(node.rpcUrl, deployment.mintingManager, relayerKey);
    if (serving.tokenMetadata && web3Tlds.length > 0)
      await pointLocalTokenUris(node.rpcUrl, chainId, serving.tokenMetadata, web3Tlds[0].tld);
    return { node, chainId, deployment };
  };
  const supervisors: ChainSupervisor[] = [];
  try {
    for (const blockchain of chains) {
      const { rpcUrl, wsUrl, port, overrides } = settingsOf(config, blockchain);
      if (rpcUrl) {
        const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
        networks.push(
          withOverrides(
            { blockchain, chainId, rpcUrl, wsUrl, embedded: false, ...publishedAddresses(chainId) },
            overrides,
          ),
        );
        continue;
      }
      const { node, chainId, deployment } = await bringUp(blockchain, port);
      if (node.ownedHere) {
        started.push(node);
        supervisors.push(superviseChain(blockchain, node, async () => (await bringUp(blockchain, port)).node, log));
      }
      // a local chain starts at block 0, not at the block of the mainnet deployment the package records
      networks.push(
        withOverrides(
          {
            blockchain,
            chainId,
            rpcUrl: node.rpcUrl,
            // anvil answers JSON-RPC over WebSocket on the same port
            wsUrl: node.rpcUrl.replace(/^http/, 'ws'),
            embedded: true,
            ...deployment,
            registryDeploymentBlock: 0n,
          },
          overrides,
        ),
      );
    }
  } catch (error) {
    await Promise.all(started.map((node) => node.stop()));
    throw error;
  }
  return {
    networks,
    relayerKey,
    tlds: web3Tlds,
    stop: async () => void (await Promise.all(supervisors.map((supervisor) => supervisor.stop()))),
  };
};

/** How often an owned node is looked at, and how long to wait before trying to start it again. */
const WATCH_MS = 1000;

interface ChainSupervisor {
  stop(): Promise<void>;
}

/**
 * Keeps an owned node running: one that exits (killed, crashed) is started again on its port from its saved state
 * (written every few seconds and at a clean stop), with the contracts placed again if that state was lost. What the
 * lost seconds held is a reorganisation to the indexer, which goes back and has the service's writes sent again.
 */
const superviseChain = (
  blockchain: Blockchain,
  first: RunningAnvil,
  restart: () => Promise<RunningAnvil>,
  log: Pick<Log, 'info'>,
): ChainSupervisor => {
  let node = first;
  let stopping = false;
  let restarting: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (stopping || restarting || node.pid === undefined || isAlive(node.pid)) return;
    log.info(`the ${blockchain} chain (pid ${node.pid}) exited: starting it again`);
    restarting = restart()
      .then((again) => {
        node = again;
        log.info(`the ${blockchain} chain runs again (pid ${again.pid})`);
      })
      .catch((error: unknown) => log.info(`the ${blockchain} chain did not start again: ${(error as Error).message}`))
      .finally(() => (restarting = undefined));
  }, WATCH_MS);
  timer.unref();
  return {
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await restarting;
      await node.stop();
    },
  };
};

/** Where a process serving the HTTP surfaces serves token metadata (`GET /resolve/metadata/{tokenId}`). */
export const tokenMetadataPrefix = (config: AppConfig): string =>
  `${config.values.publicUrl ?? `http://localhost:${config.values.port}`}/resolve/metadata/`;

const publishedAddresses = (chainId: number) => {
  const { registry, mintingManager, proxyReader, registryDeploymentBlock } = unsAddresses(chainId);
  // the package publishes no MintingManagerForwarder: the configuration names it when it is needed
  return { registry, mintingManager, proxyReader, registryDeploymentBlock, forwarder: mintingManager };
};

const withOverrides = (network: ChainNetwork, overrides: ContractOverrides): ChainNetwork => ({
  ...network,
  ...Object.fromEntries(Object.entries(overrides).map(([name, address]) => [name, getAddress(address as string)])),
});
