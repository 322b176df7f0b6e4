import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openChains, OpenChains, tokenMetadataPrefix } from '../../src/infrastructure/chain/open-chains';
import { AppConfig } from '../../src/infrastructure/config/config';
import { freePort } from './free-port';

const quiet = { info: () => undefined, debug: () => undefined };

/**
 * Embedded chains of a data directory of their own on free ports, started as `serve` starts them (contracts placed,
 * ETH fixtures minted). Stop them after the test file.
 */
export const startTestChains = async (
  chains = 'ETH,MATIC,BASE',
  env: Record<string, string> = {},
): Promise<OpenChains & { dataDir: string; env: Record<string, string> }> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'domain-engine-chains-'));
  const chainEnv = {
    DATA_DIR: dataDir,
    CHAINS: chains,
    CHAIN_ETH_PORT: String(await freePort()),
    CHAIN_MATIC_PORT: String(await freePort()),
    CHAIN_BASE_PORT: String(await freePort()),
    ...env,
  };
  const config = new AppConfig(chainEnv);
  // as `serve` of the API opens them
  const opened = await openChains(config, quiet, { tokenMetadata: tokenMetadataPrefix(config) });
  return { ...opened, dataDir, env: chainEnv };
};
