import {
  Address,
  createTestClient,
  getAddress,
  getContractAddress,
  Hex,
  http,
  publicActions,
  walletActions,
  zeroAddress,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { unsAddresses, unsArtifact, UnsAddresses } from './uns-artifacts';
import { Log } from '../logging/log';
import { tokenIdOf } from '../../domain/chains/blockchain';

/** Anvil's first development account: deploys and administers the contracts on local chains only. */
const LOCAL_ADMIN_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

export interface LocalDeployment extends UnsAddresses {
  readonly forwarder: Address;
  /** True when this call placed the contracts (a fresh chain); false when the chain had them already. */
  readonly created: boolean;
}

/**
 * Puts the UNS contracts of npm `@unstoppabledomains/uns` at their mainnet addresses on a local anvil chain and
 * initialises them: registry, minting manager (with its forwarder and operator), proxy reader, the TLDs, and the
 * service's relayer as a minter with funds. The code is placed with `anvil_setCode` (no proxy in front: the
 * implementation's code itself at the proxy's address), so the published addresses and clients work unchanged.
 * A chain whose state was loaded from disk keeps what it has.
 */
export const deployUnsLocally = async (
  rpcUrl: string,
  chainId: number,
  tlds: readonly string[],
  relayer: Address,
  log: Pick<Log, 'info'>,
): Promise<LocalDeployment> => {
  const addresses = unsAddresses(chainId);
  const admin = privateKeyToAccount(LOCAL_ADMIN_KEY);
  const client = createTestClient({ mode: 'anvil', transport: http(rpcUrl), account: admin })
    .extend(publicActions)
    .extend(walletActions);
  const registry = unsArtifact('UNSRegistry');
  const mintingManager = unsArtifact('MintingManager');
  const proxyReader = unsArtifact('ProxyReader');
  const operator = unsArtifact('UNSOperator');

  // the forwarder is the administrator's first deployment on the fresh chain
  const forwarderAddress = getContractAddress({ from: admin.address, nonce: 0n });
  const existing = await client.getCode({ address: addresses.registry });
  if (existing && existing !== '0x') return { ...addresses, forwarder: forwarderAddress, created: false };
  log.info(`placing the UNS contracts on local chain ${chainId}`);
  await client.setCode({ address: addresses.registry, bytecode: registry.deployedBytecode });
  await client.setCode({ address: addresses.mintingManager, bytecode: mintingManager.deployedBytecode });
  await client.setCode({ address: addresses.proxyReader, bytecode: proxyReader.deployedBytecode });
  await client.setCode({ address: addresses.unsOperator, bytecode: operator.deployedBytecode });

  const send = async (
    address: Address,
    abi: typeof registry.abi,
    functionName: string,
    args: unknown[],
  ): Promise<void> => {
    const hash = await client.writeContract({ address, abi, functionName, args, chain: null } as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted on chain ${chainId}`);
  };
  const forwarderArtifact = unsArtifact('MintingManagerForwarder');
  const deployHash = await client.deployContract({
    abi: forwarderArtifact.abi,
    bytecode: forwarderArtifact.bytecode,
    args: [addresses.mintingManager],
    chain: null,
  });
  const forwarder = getAddress(
    (await client.waitForTransactionReceipt({ hash: deployHash })).contractAddress as Address,
  );
  if (forwarder.toLowerCase() !== forwarderAddress.toLowerCase())
    throw new Error(`chain ${chainId} was not fresh: its forwarder landed at ${forwarder}`);

  await send(addresses.registry, registry.abi, 'initialize', [
    addresses.mintingManager,
    zeroAddress,
    zeroAddress,
    zeroAddress,
  ]);
  await send(addresses.unsOperator, operator.abi, 'initialize', []);
  await send(addresses.mintingManager, mintingManager.abi, 'initialize', [
    addresses.registry,
    zeroAddress,
    zeroAddress,
    zeroAddress,
    addresses.unsOperator,
    forwarder,
  ]);
  await send(addresses.proxyReader, proxyReader.abi, 'initialize', [addresses.registry, zeroAddress]);
  for (const tld of tlds) await send(addresses.mintingManager, mintingManager.abi, 'addTld', [tld, false]);
  await send(addresses.mintingManager, mintingManager.abi, 'addMinter', [relayer]);
  await client.setBalance({ address: relayer, value: 10n ** 24n });
  return { ...addresses, forwarder, created: true };
};

/**
 * Points a local registry's `tokenURI` at the service's metadata route (`<prefix><token id>`), so that what reads a
 * token's metadata (wallets, the published resolution client's `reverse()`) finds it: one transaction of the
 * administrator when the prefix changes (another `PUBLIC_URL` or port), none otherwise. The prefix in place is read
 * back through the token of `tld`, which every local registry holds.
 */
export const pointLocalTokenUris = async (rpcUrl: string, chainId: number, prefix: string, tld: string) => {
  const { registry, mintingManager } = unsAddresses(chainId);
  const client = createTestClient({
    mode: 'anvil',
    transport: http(rpcUrl),
    account: privateKeyToAccount(LOCAL_ADMIN_KEY),
  })
    .extend(publicActions)
    .extend(walletActions);
  const probe = BigInt(tokenIdOf(tld));
  const current = await client
    .readContract({ address: registry, abi: unsArtifact('UNSRegistry').abi, functionName: 'tokenURI', args: [probe] })
    .catch(() => undefined);
  if (current === `${prefix}${probe}`) return;
  const hash = await client.writeContract({
    address: mintingManager,
    abi: unsArtifact('MintingManager').abi,
    functionName: 'setTokenURIPrefix',
    args: [prefix],
    chain: null,
  });
  if ((await client.waitForTransactionReceipt({ hash })).status !== 'success')
    throw new Error(`setting the token URI prefix of chain ${chainId} to ${prefix} reverted`);
};
