import { keyedRequests } from '../shared/idempotency';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Injectable } from '@nestjs/common';
import { hashMessage, recoverMessageAddress } from 'viem';
import { Address } from '../../domain/chains/blockchain';
import { ExistingOperation } from '../../domain/operations/operation';
import { Refused } from '../../domain/shared/errors';
import { VerificationMethod, web3AccountDecider, web3AccountStream } from '../../domain/web3-accounts/web3-account';
import { ChainReader } from '../chains/chain-reader.port';
import { SecretBox } from '../identity/identity.ports';
import { operationRequestWrites } from '../operations/request-operation.command';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { transact, writeAfter } from '../shared/handle-command';
import { Web3Settings } from './web3-settings';

/**
 * The message a wallet signs to prove the account controls it. It holds no state on the server: its nonce is a
 * keyed digest of the account, the wallet and the validity window, so the service recognises its own messages
 * (current or previous window) without storing them, and one account's message proves nothing for another.
 */
@Injectable()
export class WalletChallenges {
  constructor(
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly settings: Web3Settings,
  ) {}

  current(accountId: string, address: Address): string {
    return this.messageFor(accountId, address, this.windowStart(this.clock.now()));
  }

  /** The messages a signature may be over now: this window's and, near its start, the previous one's. */
  acceptable(accountId: string, address: Address): string[] {
    const start = this.windowStart(this.clock.now());
    return [
      this.messageFor(accountId, address, start),
      this.messageFor(accountId, address, start - this.settings.verificationTtlMs),
    ];
  }

  private windowStart(now: number): number {
    return now - (now % this.settings.verificationTtlMs);
  }

  private messageFor(accountId: string, address: Address, windowStart: number): string {
    const nonce = this.box.keyedDigest(`wallet-verification|${accountId}|${address}|${windowStart}`).slice(0, 32);
    const validUntil = new Date(windowStart + 2 * this.settings.verificationTtlMs).toISOString();
    return [
      'Verify wallet ownership for your domain-engine partner account.',
      '',
      `Wallet: ${address}`,
      `Account: ${accountId}`,
      `Nonce: ${nonce}`,
      `Valid until: ${validUntil}`,
      '',
      'Signing this message sends no transaction and costs nothing.',
    ].join('\n');
  }
}

/**
 * `POST /account/wallets/{address}/verification`: an external wallet joins the account once its signature checks out.
 */
export class VerifyWallet extends Command<ExistingOperation> {
  constructor(
    readonly accountId: string,
    readonly address: Address,
    readonly signature: `0x${string}`,
    readonly message: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(VerifyWallet)
export class VerifyWalletHandler implements ICommandHandler<VerifyWallet> {
  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly challenges: WalletChallenges,
    private readonly chain: ChainReader,
  ) {}

  async execute({ accountId, address, signature, message }: VerifyWallet): Promise<ExistingOperation> {
    const acceptable = this.challenges.acceptable(accountId, address);
    if (message !== undefined && !acceptable.includes(message)) {
      throw new Refused(
        'SIGNATURE_INVALID',
        'the message is not a current verification message of this wallet: get a new one with GET …/verification',
      );
    }
    const method = await this.methodOf(address, signature, message ? [message] : acceptable);
    if (!method)
      throw new Refused('SIGNATURE_INVALID', `the signature is not ${address}'s over the verification message`);
    const at = this.clock.now();
    const operationId = keyedRequests.newOperationId();
    const { result } = await transact(this.store, { accountId }, async (streams) => {
      const account = await streams.load(web3AccountStream(accountId), web3AccountDecider);
      const verified = web3AccountDecider.decide(
        { type: 'VerifyExternalWallet', data: { accountId, address, method, operationId, at } },
        account.state,
      );
      // nothing is left to do: the operation records the verification and finishes as it starts
      const { writes, state } = await operationRequestWrites(
        streams,
        { operationId, accountId, surface: 'web3', type: 'WALLET_VERIFY', domain: null, dependencies: [] },
        at,
      );
      return { writes: [...writes, writeAfter(account, verified)], result: state };
    });
    return result;
  }

  /** EIP-191 by the wallet's own key, or ERC-1271 by the contract wallet at the address. */
  private async methodOf(
    address: Address,
    signature: `0x${string}`,
    messages: readonly string[],
  ): Promise<VerificationMethod | undefined> {
    for (const message of messages) {
      const signer = await recoverMessageAddress({ message, signature }).catch(() => undefined);
      if (signer?.toLowerCase() === address) return 'EOA';
    }
    for (const message of messages) {
      if (await this.chain.contractWalletAccepts(address, hashMessage(message), signature)) return 'ERC1271';
    }
    return undefined;
  }
}
