import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  Hex,
  keccak256,
  TransactionReceiptNotFoundError,
} from 'viem';
import { ChainReader, ForwardRequest, OwnerCall } from '../../application/chains/chain-reader.port';
import {
  ChainWriteRejected,
  ChainWriter,
  ChainWriteResult,
  MessageSigner,
} from '../../application/chains/chain-writer.port';
import { Address, Blockchain, isReadOnly } from '../../domain/chains/blockchain';
import { ChainConnections, lower } from './chain-connections';
import { ChainWriteJournal, JournalEntry } from './chain-write-journal';
import { fromStored, registryAbi, StoredForwardRequest, toStored } from './registry-calls';
import { unsArtifact } from './uns-artifacts';

interface MintIntent {
  readonly name: string;
  readonly to: Address;
  readonly records: Record<string, string>;
}

interface RelayIntent {
  readonly request: StoredForwardRequest;
  readonly signature: Hex;
}

const revertReason = (error: unknown): string => {
  if (error instanceof BaseError) {
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) return reverted.reason ?? reverted.shortMessage;
    return error.shortMessage;
  }
  return (error as Error).message;
};

/** The registry contracts written through viem, every write journalled before it is sent (see ChainWriter). */
export class ViemChainWriter extends ChainWriter {
  constructor(
    private readonly chains: ChainConnections,
    private readonly reader: ChainReader,
    private readonly journal: ChainWriteJournal,
  ) {
    super();
  }

  async mint(
    writeId: string,
    blockchain: Blockchain,
    name: string,
    to: Address,
    records: Readonly<Record<string, string>>,
  ): Promise<ChainWriteResult> {
    const { network } = this.chains.on(blockchain);
    const entry = await this.journal.open<MintIntent>(writeId, blockchain, 'MINT', () => ({
      name: name.toLowerCase(),
      to: lower(to),
      records: { ...records },
    }));
    const { intent } = entry;
    const data = encodeFunctionData({
      abi: unsArtifact('MintingManager').abi,
      functionName: 'issueWithRecords',
      args: [intent.to, intent.name.split('.'), Object.keys(intent.records), Object.values(intent.records), false],
    });
    const minted = async (): Promise<boolean> => {
      const { owner } = await this.reader.domain(blockchain, intent.name, []);
      if (owner === null) return false;
      if (owner !== intent.to) throw new ChainWriteRejected(blockchain, writeId, `${intent.name} is owned by ${owner}`);
      return true;
    };
    return this.send(writeId, blockchain, entry, network.mintingManager, data, minted);
  }

  async relay(
    writeId: string,
    blockchain: Blockchain,
    request: ForwardRequest,
    signature: Hex,
  ): Promise<ChainWriteResult> {
    const entry = await this.journal.open<RelayIntent>(writeId, blockchain, 'RELAY', () => ({
      request: toStored(request),
      signature,
    }));
    return this.sendRelay(writeId, blockchain, entry);
  }

  async resume(writeId: string, blockchain: Blockchain): Promise<ChainWriteResult | undefined> {
    const entry = await this.journal.find<RelayIntent>(writeId);
    if (!entry) return undefined;
    return this.sendRelay(writeId, blockchain, entry);
  }

  async actAsOwner(
    writeId: string,
    blockchain: Blockchain,
    name: string,
    owner: MessageSigner,
    call: OwnerCall,
  ): Promise<ChainWriteResult> {
    // the signed request is fixed at the first attempt: a retry relays the same one, whose nonce the registry spends
    // once
    const entry = await this.journal.open<RelayIntent>(writeId, blockchain, 'RELAY', async () => {
      const { request, messageToSign } = await this.reader.forwardRequest(blockchain, name, owner.address, call);
      return { request: toStored(request), signature: await owner.signRaw(messageToSign) };
    });
    return this.sendRelay(writeId, blockchain, entry);
  }

  async resendDropped(blockchain: Blockchain, since: number): Promise<number> {
    const { client } = this.chains.on(blockchain);
    let resent = 0;
    for (const entry of await this.journal.sentSince(blockchain, since)) {
      const mined = await client
        .getTransactionReceipt({ hash: entry.transactionHash as Hex })
        .then(() => true)
        .catch((error: unknown) => {
          if (error instanceof TransactionReceiptNotFoundError) return false;
          throw error;
        });
      if (mined) continue;
      // what a retry of the write does: the same bytes again, or the chain asked whether its effect is there
      if (entry.kind === 'MINT') {
        const { name, to, records } = entry.intent as MintIntent;
        await this.mint(entry.writeId, blockchain, name, to, records);
      } else {
        await this.sendRelay(entry.writeId, blockchain, entry as JournalEntry<RelayIntent>);
      }
      resent++;
    }
    return resent;
  }

  serviceSigner(): MessageSigner {
    const { relayer } = this.chains;
    return { address: lower(relayer.address), signRaw: (digest) => relayer.signMessage({ message: { raw: digest } }) };
  }

  private async sendRelay(
    writeId: string,
    blockchain: Blockchain,
    entry: JournalEntry<RelayIntent>,
  ): Promise<ChainWriteResult> {
    const { network } = this.chains.on(blockchain);
    const request = fromStored(entry.intent.request);
    const data = encodeFunctionData({
      abi: registryAbi(),
      functionName: 'execute',
      args: [request, entry.intent.signature],
    });
    const alreadyRelayed = async (): Promise<boolean> => {
      // never mined and the nonce has moved: someone else used it, and this signature can no longer act
      const { client } = this.chains.on(blockchain);
      const current = (await client.readContract({
        address: network.registry,
        abi: registryAbi(),
        functionName: 'nonceOf',
        args: [request.tokenId],
      })) as bigint;
      if (current !== request.nonce)
        throw new ChainWriteRejected(
          blockchain,
          writeId,
          `the signed request is stale (nonce ${request.nonce}, registry at ${current})`,
        );
      return false;
    };
    return this.send(writeId, blockchain, entry, network.registry, data, alreadyRelayed);
  }

  /**
   * The one way anything is sent. A write whose transaction was recorded is followed up: its receipt, or the same
   * signed bytes sent again while the nonce is free. Otherwise the chain is asked whether the effect is there
   * already; if not, a transaction is signed at the relayer's next nonce, recorded, and only then broadcast.
   */
  private async send(
    writeId: string,
    blockchain: Blockchain,
    entry: JournalEntry<unknown>,
    to: Address,
    data: Hex,
    alreadyDone: () => Promise<boolean>,
  ): Promise<ChainWriteResult> {
    const { client, chain } = this.chains.on(blockchain);
    const { relayer } = this.chains;
    // the last guard: whatever asks, nothing is sent to a chain the service only reads
    if (isReadOnly(blockchain))
      throw new ChainWriteRejected(blockchain, writeId, `the service does not write to ${blockchain}`);
    if (entry.transactionHash && entry.rawTransaction) {
      const followed = await this.followUp(writeId, blockchain, entry.transactionHash, entry.rawTransaction);
      if (followed) return followed;
    }
    if (await alreadyDone()) return { transactionHash: null, blockNumber: null };
    const hash = await this.journal.withSenderLock(blockchain, relayer.address, async () => {
      let gas: bigint;
      try {
        gas = await client.estimateGas({ account: relayer, to, data });
      } catch (error) {
        throw new ChainWriteRejected(blockchain, writeId, revertReason(error));
      }
      const nonce = await client.getTransactionCount({ address: relayer.address, blockTag: 'pending' });
      const fees = await client.estimateFeesPerGas();
      const raw = await relayer.signTransaction({
        chainId: chain.id,
        type: 'eip1559',
        to,
        data,
        nonce,
        gas: (gas * 12n) / 10n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const signedHash = keccak256(raw);
      await this.journal.recordTransaction(writeId, signedHash, raw, nonce);
      await client.sendRawTransaction({ serializedTransaction: raw });
      return signedHash;
    });
    return this.outcome(writeId, blockchain, hash);
  }

  private async followUp(
    writeId: string,
    blockchain: Blockchain,
    hash: Hex,
    raw: Hex,
  ): Promise<ChainWriteResult | undefined> {
    const { client } = this.chains.on(blockchain);
    try {
      await client.getTransactionReceipt({ hash });
      return this.outcome(writeId, blockchain, hash);
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
    try {
      await client.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      const message = (error as Error).message.toLowerCase();
      // its nonce went to another transaction: this one can never be mined, so the chain decides what comes next
      if (message.includes('nonce too low') || message.includes('nonce is too low')) return undefined;
      if (!message.includes('already known') && !message.includes('already imported')) throw error;
    }
    return this.outcome(writeId, blockchain, hash);
  }

  private async outcome(writeId: string, blockchain: Blockchain, hash: Hex): Promise<ChainWriteResult> {
    const receipt = await this.chains.on(blockchain).client.waitForTransactionReceipt({ hash, timeout: 120_000 });
    if (receipt.status !== 'success') throw new ChainWriteRejected(blockchain, writeId, `transaction ${hash} reverted`);
    return { transactionHash: hash, blockNumber: Number(receipt.blockNumber) };
  }
}
