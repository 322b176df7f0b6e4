import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Abi, Address, Hex, getAddress } from 'viem';

/**
 * The registry contracts as npm `@unstoppabledomains/uns` publishes them, read from node_modules at run time (never
 * copied into this repository): their ABIs and bytecode, and the addresses they have on each network.
 */
const packageRoot = (): string => dirname(require.resolve('@unstoppabledomains/uns/package.json'));

export interface Artifact {
  readonly abi: Abi;
  readonly bytecode: Hex;
  readonly deployedBytecode: Hex;
}

const cache = new Map<string, Artifact>();

export const unsArtifact = (
  name: 'UNSRegistry' | 'MintingManager' | 'ProxyReader' | 'MintingManagerForwarder' | 'UNSOperator',
): Artifact => {
  let artifact = cache.get(name);
  if (!artifact) {
    const parsed = JSON.parse(readFileSync(join(packageRoot(), 'artifacts', `${name}.json`), 'utf8')) as Artifact;
    artifact = { abi: parsed.abi, bytecode: parsed.bytecode, deployedBytecode: parsed.deployedBytecode };
    cache.set(name, artifact);
  }
  return artifact;
};

export interface UnsAddresses {
  readonly registry: Address;
  readonly mintingManager: Address;
  readonly proxyReader: Address;
  readonly unsOperator: Address;
  readonly registryDeploymentBlock: bigint;
}

/** Where the contracts live on a network, as the package's `uns-config.json` records it. */
export const unsAddresses = (chainId: number): UnsAddresses => {
  const config = JSON.parse(readFileSync(join(packageRoot(), 'uns-config.json'), 'utf8')) as {
    networks: Record<string, { contracts: Record<string, { address: string; deploymentBlock?: string }> }>;
  };
  const contracts = config.networks[String(chainId)]?.contracts;
  if (!contracts) throw new Error(`@unstoppabledomains/uns has no addresses for chain ${chainId}`);
  return {
    registry: getAddress(contracts.UNSRegistry.address),
    mintingManager: getAddress(contracts.MintingManager.address),
    proxyReader: getAddress(contracts.ProxyReader.address),
    unsOperator: getAddress(contracts.UNSOperator.address),
    registryDeploymentBlock: BigInt(contracts.UNSRegistry.deploymentBlock ?? '0x0'),
  };
};

let recordKeys: ReadonlySet<string> | undefined;

/** The record keys the registry knows by name (`resolver-keys.json` of the package). */
export const unsRecordKeys = (): ReadonlySet<string> => {
  recordKeys ??= new Set(
    Object.keys(
      (JSON.parse(readFileSync(join(packageRoot(), 'resolver-keys.json'), 'utf8')) as { keys: Record<string, unknown> })
        .keys,
    ),
  );
  return recordKeys;
};
