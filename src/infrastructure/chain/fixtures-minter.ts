import { Address, createWalletClient, Hex, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ETH_FIXTURES } from './eth-fixtures';
import { unsArtifact } from './uns-artifacts';

/** Mints the ETH fixture domains with their records, as the relayer (a minter), on a freshly deployed chain. */
export const mintFixtures = async (rpcUrl: string, mintingManager: Address, relayerKey: Hex): Promise<void> => {
  const client = createWalletClient({ transport: http(rpcUrl), account: privateKeyToAccount(relayerKey) }).extend(
    publicActions,
  );
  for (const { name, owner, records } of ETH_FIXTURES) {
    const hash = await client.writeContract({
      address: mintingManager,
      abi: unsArtifact('MintingManager').abi,
      functionName: 'issueWithRecords',
      args: [owner, name.split('.'), Object.keys(records), Object.values(records), false],
      chain: null,
    } as never);
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`minting the fixture ${name} reverted`);
  }
};
