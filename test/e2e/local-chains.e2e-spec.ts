import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, getAddress, http, namehash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startAnvil } from '../../src/infrastructure/chain/anvil';
import { unsArtifact } from '../../src/infrastructure/chain/uns-artifacts';
import { deployUnsLocally } from '../../src/infrastructure/chain/uns-deployment';
import { freePort } from '../support/free-port';

// anvil's second development account, standing in for the service's relayer
const relayer = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const quiet = { info: () => undefined, debug: () => undefined };

describe('local chains with the real UNS contracts', () => {
  it('places the contracts at their published addresses, mints with records, reads them back, and keeps them across a restart', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'domain-engine-chain-')), 'matic.json');
    const port = await freePort();
    const first = await startAnvil({ chainId: 137, port, stateFile, log: quiet });
    let deployment;
    try {
      deployment = await deployUnsLocally(first.rpcUrl, 137, ['crypto', 'wallet'], relayer.address, quiet);
      // the addresses npm @unstoppabledomains/uns publishes for Polygon
      expect(deployment.registry).toBe(getAddress('0xa9a6A3626993D487d2Dbda3173cf58cA1a9D9e9f'));
      expect(deployment.proxyReader).toBe(getAddress('0x91EDd8708062bd4233f4Dd0FCE15A7cb4d500091'));
      const wallet = createWalletClient({ transport: http(first.rpcUrl), account: relayer });
      const reader = createPublicClient({ transport: http(first.rpcUrl) });
      const hash = await wallet.writeContract({
        address: deployment.mintingManager,
        abi: unsArtifact('MintingManager').abi,
        functionName: 'issueWithRecords',
        chain: null,
        args: [
          '0x000000000000000000000000000000000000dEaD',
          ['alice', 'crypto'],
          ['crypto.ETH.address'],
          ['0x000000000000000000000000000000000000bEEF'],
          false,
        ],
      } as never);
      expect((await reader.waitForTransactionReceipt({ hash })).status).toBe('success');
    } finally {
      await first.stop();
    }

    const second = await startAnvil({ chainId: 137, port, stateFile, log: quiet });
    try {
      const again = await deployUnsLocally(second.rpcUrl, 137, ['crypto', 'wallet'], relayer.address, quiet);
      expect(again).toEqual({ ...deployment, created: false });
      expect(deployment?.created).toBe(true);
      const reader = createPublicClient({ transport: http(second.rpcUrl) });
      const [resolver, owner, values] = (await reader.readContract({
        address: again.proxyReader,
        abi: unsArtifact('ProxyReader').abi,
        functionName: 'getData',
        args: [['crypto.ETH.address'], BigInt(namehash('alice.crypto'))],
      })) as [string, string, string[]];
      expect(resolver).toBe(again.registry);
      expect(owner).toBe('0x000000000000000000000000000000000000dEaD');
      expect(values).toEqual(['0x000000000000000000000000000000000000bEEF']);
    } finally {
      await second.stop();
    }
  });
});
