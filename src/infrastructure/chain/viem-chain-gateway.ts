import {
  Abi, BaseError, Chain, ContractFunctionRevertedError, createPublicClient, defineChain, encodeFunctionData,
  encodePacked, getAddress, Hex, http, keccak256, PublicClient, recoverMessageAddress, TransactionReceiptNotFoundError,
} from 'viem';
import { privateKeyToAccount, PrivateKeyAccount } from 'viem/accounts';
import {
  ChainGateway, ChainWriteRejected, ChainWriteResult, DomainState, ForwardRequest, MessageSigner, OwnerCall, UnsignedForwardRequest,
} from '../../application/chains/chain-gateway.port';
import { Address, Blockchain, tokenIdOf, ZERO_ADDRESS } from '../../domain/chains/blockchain';
import { ChainNetwork } from './chain-network';
import { ChainWriteJournal, JournalEntry } from './chain-write-journal';
import { unsArtifact } from './uns-artifacts';

interface Connected {
  readonly network: ChainNetwork;
  readonly chain: Chain;
  readonly client: PublicClient;
}

interface MintIntent {
  readonly name: string;
  readonly to: Address;
  readonly records: Record<string, string>;
}

/** A forward request as the journal keeps it (JSON: bigints as decimal text). */
interface RelayIntent {
  readonly request: { from: Address; nonce: string; tokenId: string; data: Hex };
  readonly signature: Hex;
}

/** `txpool_content` (geth, anvil): pending transactions by sender and nonce. */
interface TxPoolContent {
  readonly pending?: Record<string, Record<string, { hash: Hex; from: string; to: string | null; input: Hex }>>;
}

const registryAbi = (): Abi => unsArtifact('UNSRegistry').abi;
const lower = (address: string): Address => address.toLowerCase() as Address;

/** The registry contracts through viem, with every write journalled before it is sent (see ChainGateway). */
export class ViemChainGateway extends ChainGateway {
  private readonly connected = new Map<Blockchain, Connected>();
  private readonly relayer: PrivateKeyAccount;

  constructor(networks: readonly ChainNetwork[], relayerKey: Hex, private readonly journal: ChainWriteJournal) {
    super();
    this.relayer = privateKeyToAccount(relayerKey);
    for (const network of networks) {
      const chain = defineChain({
        id: network.chainId, name: network.blockchain, nativeCurrency: { name: network.blockchain, symbol: network.blockchain, decimals: 18 },
        rpcUrls: { default: { http: [network.rpcUrl] } },
      });
      // anvil mines at once; on a real network viem's default polling of 4 s would only add latency here
      const client = createPublicClient({ chain, transport: http(network.rpcUrl), pollingInterval: 100 }) as PublicClient;
      this.connected.set(network.blockchain, { network, chain, client });
    }
  }

  blockchains(): readonly Blockchain[] {
    return [...this.connected.keys()];
  }

  serviceAddress(): Address {
    return lower(this.relayer.address);
  }

  registryOf(blockchain: Blockchain): Address {
    return lower(this.on(blockchain).network.registry);
  }

  async domain(blockchain: Blockchain, name: string, keys: readonly string[]): Promise<DomainState> {
    const { network, client } = this.on(blockchain);
    const tokenId = tokenIdOf(name);
    const [resolver, owner, values] = (await client.readContract({
      address: network.proxyReader, abi: unsArtifact('ProxyReader').abi, functionName: 'getData', args: [keys, BigInt(tokenId)],
    })) as [string, string, string[]];
    const exists = lower(owner) !== ZERO_ADDRESS;
    const records = Object.fromEntries(keys.map((key, index) => [key, values[index]]).filter(([, value]) => value !== ''));
    return { tokenId, owner: exists ? lower(owner) : null, resolver: exists ? lower(resolver) : null, records };
  }

  async nonceOf(blockchain: Blockchain, name: string): Promise<bigint> {
    const { network, client } = this.on(blockchain);
    return (await client.readContract({ address: network.registry, abi: registryAbi(), functionName: 'nonceOf', args: [BigInt(tokenIdOf(name))] })) as bigint;
  }

  async mint(writeId: string, blockchain: Blockchain, name: string, to: Address, records: Readonly<Record<string, string>>): Promise<ChainWriteResult> {
    const { network } = this.on(blockchain);
    const entry = await this.journal.open<MintIntent>(writeId, blockchain, 'MINT', () => ({ name: name.toLowerCase(), to: lower(to), records: { ...records } }));
    const { intent } = entry;
    const data = encodeFunctionData({
      abi: unsArtifact('MintingManager').abi, functionName: 'issueWithRecords',
      args: [intent.to, intent.name.split('.'), Object.keys(intent.records), Object.values(intent.records), false],
    });
    const minted = async (): Promise<boolean> => {
      const { owner } = await this.domain(blockchain, intent.name, []);
      if (owner === null) return false;
      if (owner !== intent.to) throw new ChainWriteRejected(blockchain, writeId, `${intent.name} is owned by ${owner}`);
      return true;
    };
    return this.send(writeId, blockchain, entry, network.mintingManager, data, minted);
  }

  async forwardRequest(blockchain: Blockchain, name: string, from: Address, call: OwnerCall): Promise<UnsignedForwardRequest> {
    const { network } = this.on(blockchain);
    const tokenId = BigInt(tokenIdOf(name));
    const request: ForwardRequest = { from: lower(from), nonce: await this.nonceOf(blockchain, name), tokenId, data: encodeOwnerCall(call, from, tokenId) };
    return { request, messageToSign: forwarderDigest(request, network.registry) };
  }

  async verify(blockchain: Blockchain, request: ForwardRequest, signature: Hex): Promise<{ offChain: boolean; onChain: boolean }> {
    const { network, client } = this.on(blockchain);
    let offChain = false;
    try {
      const signer = await recoverMessageAddress({ message: { raw: forwarderDigest(request, network.registry) }, signature });
      const [nonce, allowed] = await Promise.all([
        client.readContract({ address: network.registry, abi: registryAbi(), functionName: 'nonceOf', args: [request.tokenId] }) as Promise<bigint>,
        client.readContract({ address: network.registry, abi: registryAbi(), functionName: 'isApprovedOrOwner', args: [request.from, request.tokenId] }) as Promise<boolean>,
      ]);
      offChain = lower(signer) === request.from && nonce === request.nonce && allowed;
    } catch {
      offChain = false; // a signature that does not parse recovers nobody
    }
    let onChain = false;
    try {
      onChain = (await client.readContract({ address: network.registry, abi: registryAbi(), functionName: 'verify', args: [request, signature] })) as boolean;
    } catch {
      onChain = false;
    }
    return { offChain, onChain };
  }

  async relay(writeId: string, blockchain: Blockchain, request: ForwardRequest, signature: Hex): Promise<ChainWriteResult> {
    const entry = await this.journal.open<RelayIntent>(writeId, blockchain, 'RELAY', () => ({ request: toJson(request), signature }));
    return this.sendRelay(writeId, blockchain, entry);
  }

  async resume(writeId: string, blockchain: Blockchain): Promise<ChainWriteResult | undefined> {
    const entry = await this.journal.find<RelayIntent>(writeId);
    if (!entry) return undefined;
    return this.sendRelay(writeId, blockchain, entry);
  }

  async actAsOwner(writeId: string, blockchain: Blockchain, name: string, owner: MessageSigner, call: OwnerCall): Promise<ChainWriteResult> {
    // the signed request is fixed at the first attempt: a retry relays the same one, whose nonce the registry spends once
    const entry = await this.journal.open<RelayIntent>(writeId, blockchain, 'RELAY', async () => {
      const { request, messageToSign } = await this.forwardRequest(blockchain, name, owner.address, call);
      return { request: toJson(request), signature: await owner.signRaw(messageToSign) };
    });
    return this.sendRelay(writeId, blockchain, entry);
  }

  async contractWalletAccepts(address: Address, hash: Hex, signature: Hex): Promise<Blockchain | undefined> {
    for (const [blockchain, { client }] of this.connected) {
      const code = await client.getCode({ address: getAddress(address) });
      if (!code || code === '0x') continue;
      try {
        const magic = await client.readContract({ address: getAddress(address), abi: ERC1271_ABI, functionName: 'isValidSignature', args: [hash, signature] });
        if (magic === ERC1271_MAGIC) return blockchain;
      } catch {
        // a contract without isValidSignature, or one that reverts on a bad signature, accepts nothing
      }
    }
    return undefined;
  }

  async foreignPendingTransactions(blockchain: Blockchain, name: string): Promise<readonly Hex[]> {
    const { client, network } = this.on(blockchain);
    let pool: TxPoolContent;
    try {
      pool = (await client.request({ method: 'txpool_content' as never, params: [] as never })) as TxPoolContent;
    } catch {
      return []; // many public nodes do not serve the pool: nothing can be said
    }
    const token = tokenIdOf(name).slice(2);
    const targets = new Set([lower(network.registry), lower(network.mintingManager)]);
    const relayer = lower(this.relayer.address);
    return Object.values(pool.pending ?? {})
      .flatMap((byNonce) => Object.values(byNonce))
      // a token is named by its 32-byte id somewhere in the call data of every registry call about it
      .filter((tx) => tx.to && targets.has(lower(tx.to)) && lower(tx.from) !== relayer && tx.input.toLowerCase().includes(token))
      .map((tx) => tx.hash);
  }

  serviceSigner(): MessageSigner {
    return { address: lower(this.relayer.address), signRaw: (digest) => this.relayer.signMessage({ message: { raw: digest } }) };
  }

  private async sendRelay(writeId: string, blockchain: Blockchain, entry: JournalEntry<RelayIntent>): Promise<ChainWriteResult> {
    const { network, client } = this.on(blockchain);
    const request = fromJson(entry.intent.request);
    const data = encodeFunctionData({ abi: registryAbi(), functionName: 'execute', args: [request, entry.intent.signature] });
    const alreadyRelayed = async (): Promise<boolean> => {
      // never mined and the nonce has moved: someone else used it, and this signature can no longer act
      const current = (await client.readContract({ address: network.registry, abi: registryAbi(), functionName: 'nonceOf', args: [request.tokenId] })) as bigint;
      if (current !== request.nonce) throw new ChainWriteRejected(blockchain, writeId, `the signed request is stale (nonce ${request.nonce}, registry at ${current})`);
      return false;
    };
    return this.send(writeId, blockchain, entry, network.registry, data, alreadyRelayed);
  }

  /**
   * The one way anything is sent. A write whose transaction was recorded is followed up: its receipt, or the same
   * signed bytes sent again while the nonce is free. Otherwise the chain is asked whether the effect is there
   * already; if not, a transaction is signed at the relayer's next nonce, recorded, and only then broadcast.
   */
  private async send(writeId: string, blockchain: Blockchain, entry: JournalEntry<unknown>, to: Address, data: Hex, alreadyDone: () => Promise<boolean>): Promise<ChainWriteResult> {
    const { client, chain } = this.on(blockchain);
    // ETH domains are read-only for the service: its chain holds what was there (the fixtures) and what owners do
    if (blockchain === 'ETH') throw new ChainWriteRejected(blockchain, writeId, 'the service does not write to ETH');
    if (entry.transactionHash && entry.rawTransaction) {
      const followed = await this.followUp(writeId, blockchain, entry.transactionHash, entry.rawTransaction);
      if (followed) return followed;
    }
    if (await alreadyDone()) return { transactionHash: null, blockNumber: null };
    const hash = await this.journal.withSenderLock(blockchain, this.relayer.address, async () => {
      let gas: bigint;
      try {
        gas = await client.estimateGas({ account: this.relayer, to, data });
      } catch (error) {
        throw new ChainWriteRejected(blockchain, writeId, revertReason(error));
      }
      const nonce = await client.getTransactionCount({ address: this.relayer.address, blockTag: 'pending' });
      const fees = await client.estimateFeesPerGas();
      const raw = await this.relayer.signTransaction({
        chainId: chain.id, type: 'eip1559', to, data, nonce, gas: (gas * 12n) / 10n, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const signedHash = keccak256(raw);
      await this.journal.recordTransaction(writeId, signedHash, raw, nonce);
      await client.sendRawTransaction({ serializedTransaction: raw });
      return signedHash;
    });
    return this.outcome(writeId, blockchain, hash);
  }

  private async followUp(writeId: string, blockchain: Blockchain, hash: Hex, raw: Hex): Promise<ChainWriteResult | undefined> {
    const { client } = this.on(blockchain);
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
    const receipt = await this.on(blockchain).client.waitForTransactionReceipt({ hash, timeout: 120_000 });
    if (receipt.status !== 'success') throw new ChainWriteRejected(blockchain, writeId, `transaction ${hash} reverted`);
    return { transactionHash: hash, blockNumber: Number(receipt.blockNumber) };
  }

  private on(blockchain: Blockchain): Connected {
    const connected = this.connected.get(blockchain);
    if (!connected) throw new Error(`chain ${blockchain} is not configured (CHAINS)`);
    return connected;
  }
}

/** ERC-1271: a contract wallet answers this value when it accepts a signature. */
const ERC1271_MAGIC = '0x1626ba7e';
const ERC1271_ABI = [{
  type: 'function', name: 'isValidSignature', stateMutability: 'view',
  inputs: [{ name: 'hash', type: 'bytes32' }, { name: 'signature', type: 'bytes' }], outputs: [{ name: '', type: 'bytes4' }],
}] as const;

const encodeOwnerCall = (call: OwnerCall, from: Address, tokenId: bigint): Hex => {
  switch (call.kind) {
    case 'SET_RECORDS':
      return encodeFunctionData({ abi: registryAbi(), functionName: call.reset ? 'reconfigure' : 'setMany', args: [Object.keys(call.records), Object.values(call.records), tokenId] });
    case 'SET_REVERSE':
      return encodeFunctionData({ abi: registryAbi(), functionName: 'setReverse', args: [call.name.split('.')] });
    case 'REMOVE_REVERSE':
      return encodeFunctionData({ abi: registryAbi(), functionName: 'removeReverse', args: [] });
    case 'TRANSFER':
      // setOwner keeps the records; transferFrom resets them (the registry clears a token's records on transfer)
      return call.resetRecords
        ? encodeFunctionData({ abi: registryAbi(), functionName: 'transferFrom', args: [from, getAddress(call.to), tokenId] })
        : encodeFunctionData({ abi: registryAbi(), functionName: 'setOwner', args: [getAddress(call.to), tokenId] });
  }
};

/** What the registry's forwarder recovers the signer from: keccak256(keccak256(data), registry, nonce), signed as raw bytes. */
export const forwarderDigest = (request: ForwardRequest, registry: Address): Hex =>
  keccak256(encodePacked(['bytes32', 'address', 'uint256'], [keccak256(request.data), getAddress(registry), request.nonce]));

const toJson = (request: ForwardRequest): RelayIntent['request'] => ({ from: request.from, nonce: request.nonce.toString(), tokenId: request.tokenId.toString(), data: request.data });
const fromJson = (request: RelayIntent['request']): ForwardRequest => ({ from: request.from, nonce: BigInt(request.nonce), tokenId: BigInt(request.tokenId), data: request.data });

const revertReason = (error: unknown): string => {
  if (error instanceof BaseError) {
    const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) return reverted.reason ?? reverted.shortMessage;
    return error.shortMessage;
  }
  return (error as Error).message;
};
