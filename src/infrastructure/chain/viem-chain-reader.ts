import { getAddress, Hex, recoverMessageAddress } from 'viem';
import {
  ChainReader,
  DomainState,
  ForwardRequest,
  OwnerCall,
  UnsignedForwardRequest,
} from '../../application/chains/chain-reader.port';
import { Address, Blockchain, tokenIdOf, ZERO_ADDRESS } from '../../domain/chains/blockchain';
import { ChainConnections, lower } from './chain-connections';
import { encodeOwnerCall, ERC1271_ABI, ERC1271_MAGIC, forwarderDigest, registryAbi } from './registry-calls';
import { unsArtifact } from './uns-artifacts';

/** `txpool_content` (geth, anvil): pending transactions by sender and nonce. */
interface TxPoolContent {
  readonly pending?: Record<string, Record<string, { hash: Hex; from: string; to: string | null; input: Hex }>>;
}

/** The registry contracts read through viem (see ChainReader). */
export class ViemChainReader extends ChainReader {
  constructor(private readonly chains: ChainConnections) {
    super();
  }

  blockchains(): readonly Blockchain[] {
    return this.chains.blockchains();
  }

  serviceAddress(): Address {
    return lower(this.chains.relayer.address);
  }

  registryOf(blockchain: Blockchain): Address {
    return lower(this.chains.on(blockchain).network.registry);
  }

  async domain(blockchain: Blockchain, name: string, keys: readonly string[]): Promise<DomainState> {
    const { network, client } = this.chains.on(blockchain);
    const tokenId = tokenIdOf(name);
    const [resolver, owner, values] = (await client.readContract({
      address: network.proxyReader,
      abi: unsArtifact('ProxyReader').abi,
      functionName: 'getData',
      args: [keys, BigInt(tokenId)],
    })) as [string, string, string[]];
    const exists = lower(owner) !== ZERO_ADDRESS;
    const records = Object.fromEntries(
      keys.map((key, index) => [key, values[index]]).filter(([, value]) => value !== ''),
    );
    return { tokenId, owner: exists ? lower(owner) : null, resolver: exists ? lower(resolver) : null, records };
  }

  async nonceOf(blockchain: Blockchain, name: string): Promise<bigint> {
    return this.nonceOfToken(blockchain, BigInt(tokenIdOf(name)));
  }

  async reverseNameOf(blockchain: Blockchain, address: Address): Promise<string | null> {
    const { network, client } = this.chains.on(blockchain);
    const name = (await client.readContract({
      address: network.registry,
      abi: registryAbi(),
      functionName: 'reverseNameOf',
      args: [getAddress(address)],
    })) as string;
    return name === '' ? null : name;
  }

  async forwardRequest(
    blockchain: Blockchain,
    name: string,
    from: Address,
    call: OwnerCall,
  ): Promise<UnsignedForwardRequest> {
    const { network } = this.chains.on(blockchain);
    const tokenId = BigInt(tokenIdOf(name));
    const request: ForwardRequest = {
      from: lower(from),
      nonce: await this.nonceOfToken(blockchain, tokenId),
      tokenId,
      data: encodeOwnerCall(call, from, tokenId),
    };
    return { request, messageToSign: forwarderDigest(request, network.registry) };
  }

  async verify(
    blockchain: Blockchain,
    request: ForwardRequest,
    signature: Hex,
  ): Promise<{ offChain: boolean; onChain: boolean }> {
    const { network, client } = this.chains.on(blockchain);
    const offChain = async (): Promise<boolean> => {
      const signer = await recoverMessageAddress({
        message: { raw: forwarderDigest(request, network.registry) },
        signature,
      });
      const [nonce, allowed] = await Promise.all([
        this.nonceOfToken(blockchain, request.tokenId),
        client.readContract({
          address: network.registry,
          abi: registryAbi(),
          functionName: 'isApprovedOrOwner',
          args: [request.from, request.tokenId],
        }) as Promise<boolean>,
      ]);
      return lower(signer) === request.from && nonce === request.nonce && allowed;
    };
    const onChain = async (): Promise<boolean> =>
      (await client.readContract({
        address: network.registry,
        abi: registryAbi(),
        functionName: 'verify',
        args: [request, signature],
      })) as boolean;
    // a signature that does not parse recovers nobody, and the registry reverts on it: both say no
    return { offChain: await offChain().catch(() => false), onChain: await onChain().catch(() => false) };
  }

  async contractWalletAccepts(address: Address, hash: Hex, signature: Hex): Promise<Blockchain | undefined> {
    for (const [blockchain, { client }] of this.chains.all()) {
      const code = await client.getCode({ address: getAddress(address) });
      if (!code || code === '0x') continue;
      try {
        const magic = await client.readContract({
          address: getAddress(address),
          abi: ERC1271_ABI,
          functionName: 'isValidSignature',
          args: [hash, signature],
        });
        if (magic === ERC1271_MAGIC) return blockchain;
      } catch {
        // a contract without isValidSignature, or one that reverts on a bad signature, accepts nothing
      }
    }
    return undefined;
  }

  async foreignPendingTransactions(blockchain: Blockchain, name: string): Promise<readonly Hex[]> {
    const { client, network } = this.chains.on(blockchain);
    let pool: TxPoolContent;
    try {
      pool = (await client.request({ method: 'txpool_content' as never, params: [] as never })) as TxPoolContent;
    } catch {
      return []; // many public nodes do not serve the pool: nothing can be said
    }
    const token = tokenIdOf(name).slice(2);
    const targets = new Set([lower(network.registry), lower(network.mintingManager)]);
    const relayer = this.serviceAddress();
    return (
      Object.values(pool.pending ?? {})
        .flatMap((byNonce) => Object.values(byNonce))
        // a token is named by its 32-byte id somewhere in the call data of every registry call about it
        .filter(
          (tx) =>
            tx.to && targets.has(lower(tx.to)) && lower(tx.from) !== relayer && tx.input.toLowerCase().includes(token),
        )
        .map((tx) => tx.hash)
    );
  }

  private async nonceOfToken(blockchain: Blockchain, tokenId: bigint): Promise<bigint> {
    const { network, client } = this.chains.on(blockchain);
    return (await client.readContract({
      address: network.registry,
      abi: registryAbi(),
      functionName: 'nonceOf',
      args: [tokenId],
    })) as bigint;
  }
}
