import { CommandBus } from '@nestjs/cqrs';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createTestClient, http, parseEther, publicActions, walletActions } from 'viem';
import { generatePrivateKey, privateKeyToAccount, PrivateKeyAccount } from 'viem/accounts';
import { MessageSigner } from '../../src/application/chains/chain-writer.port';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { Address } from '../../src/domain/chains/blockchain';

/** A wallet of its own: a fresh key, as a custodial wallet of the service would hold it. */
export const newWallet = (): { account: PrivateKeyAccount; address: Address; signer: MessageSigner } => {
  const account = privateKeyToAccount(generatePrivateKey());
  const address = account.address.toLowerCase() as Address;
  return {
    account,
    address,
    signer: { address, signRaw: (digest) => account.signMessage({ message: { raw: digest } }) },
  };
};

/** Gives an address gas money on a local chain (anvil's setBalance). */
export const fund = async (rpcUrl: string, address: Address): Promise<void> => {
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
    .extend(publicActions)
    .extend(walletActions)
    .setBalance({ address, value: parseEther('10') });
};

/** A resolution API key of a new web3 partner, issued through the identity commands. */
export const resolutionKeyOf = async (app: NestFastifyApplication): Promise<string> => {
  const commands = app.get(CommandBus);
  const { accountId } = await commands.execute(
    new OpenAccount({ kind: 'partner', profile: 'web3', name: 'Resolution tester' }),
  );
  return (await commands.execute(new IssueCredential(accountId, 'resolution_key'))).secret;
};
