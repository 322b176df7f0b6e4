import { Injectable } from '@nestjs/common';
import { Address, Blockchain, isBlockchain, tokenIdOf } from '../../domain/chains/blockchain';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { ChainReader, OwnerCall } from './chain-reader.port';
import { ChainWriteRejected, ChainWriter, ChainWriteResult } from './chain-writer.port';
import { ChainIndex } from './chain-index.port';
import { CustodialSigners } from './custodial-signers.port';

/**
 * The blockchain dependencies of web3 operations (`decisions.md` §3), written through the chain writer with the
 * dependency id as the write id, so a rerun after a crash never acts twice.
 *
 * parameters: `blockchain`, `name`, `custody` (`SERVICE`: the service holds the owner's key; `SELF`: the owner signs),
 * `ownerAddress` (the current owner; for MINT, `toAddress`), and per type: MINT `{toAddress, initialRecords}`,
 * UPDATE_RECORDS `{recordUpdates, resetRecords}`, TRANSFER `{toAddress, resetRecords}`, RETURN `{}` (back to the
 * service, records reset), SET_REVERSE `{primaryDomain}` (the owner's reverse resolution to `name`, or removed when
 * null). A name the service holds (a returned one) is handed over rather than minted. A self-custody change stops in
 * SIGNATURE_REQUIRED with `messageToSign`; the owner's signature comes back as input `signature` and is checked
 * off-chain and on-chain before it is relayed.
 */
export const BLOCKCHAIN_DEPENDENCY_TYPES = ['MINT', 'UPDATE_RECORDS', 'TRANSFER', 'RETURN', 'SET_REVERSE'] as const;

interface ChainParameters {
  readonly blockchain: Blockchain;
  readonly name: string;
  readonly custody: 'SERVICE' | 'SELF';
  readonly ownerAddress: Address;
  readonly toAddress?: Address;
  readonly records: Record<string, string>;
  readonly resetRecords: boolean;
  readonly primaryDomain: string | null;
}

const parametersOf = (job: Pick<DependencyJob, 'dependencyId' | 'type' | 'parameters'>): ChainParameters => {
  const p = job.parameters;
  if (!isBlockchain(p.blockchain) || typeof p.name !== 'string')
    throw new Error(`dependency ${job.dependencyId} has no blockchain or name`);
  const records = (job.type === 'MINT' ? p.initialRecords : p.recordUpdates) ?? {};
  return {
    blockchain: p.blockchain,
    name: p.name,
    custody: p.custody === 'SELF' ? 'SELF' : 'SERVICE',
    ownerAddress: String(p.ownerAddress ?? p.toAddress ?? '').toLowerCase() as Address,
    toAddress: typeof p.toAddress === 'string' ? (p.toAddress.toLowerCase() as Address) : undefined,
    records: records as Record<string, string>,
    resetRecords: p.resetRecords === true,
    primaryDomain: typeof p.primaryDomain === 'string' ? p.primaryDomain : null,
  };
};

const ownerCallOf = (reader: ChainReader, type: string, p: ChainParameters): OwnerCall => {
  switch (type) {
    case 'SET_REVERSE':
      return p.primaryDomain ? { kind: 'SET_REVERSE', name: p.primaryDomain } : { kind: 'REMOVE_REVERSE' };
    case 'UPDATE_RECORDS':
      return { kind: 'SET_RECORDS', records: p.records, reset: p.resetRecords };
    case 'TRANSFER':
      return { kind: 'TRANSFER', to: p.toAddress as Address, resetRecords: p.resetRecords };
    case 'RETURN':
      return { kind: 'TRANSFER', to: reader.serviceAddress(), resetRecords: true };
    default:
      throw new Error(`not a blockchain dependency type: ${type}`);
  }
};

/**
 * What the owner of a self-custody dependency signs now: the forward request at the token's current nonce, and the
 * `transaction` a waiting dependency shows (`decisions.md` §3).
 */
export const signingRequestOf = async (
  reader: ChainReader,
  dependency: Pick<DependencyJob, 'dependencyId' | 'type' | 'parameters'>,
) => {
  const p = parametersOf(dependency);
  const { request, messageToSign } = await reader.forwardRequest(
    p.blockchain,
    p.name,
    p.ownerAddress,
    ownerCallOf(reader, dependency.type, p),
  );
  const transaction = {
    blockchain: p.blockchain,
    messageToSign,
    to: reader.registryOf(p.blockchain),
    data: request.data,
    nonce: request.nonce.toString(),
    tokenId: request.tokenId.toString(),
  };
  return { request, transaction };
};

@Injectable()
export class BlockchainDependencyExecutor implements DependencyExecutor {
  readonly handles = BLOCKCHAIN_DEPENDENCY_TYPES;

  constructor(
    private readonly reader: ChainReader,
    private readonly writer: ChainWriter,
    private readonly custody: CustodialSigners,
    private readonly index: ChainIndex,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const p = parametersOf(job);
    try {
      if (job.type === 'MINT') return await this.completed(p, await this.mintOrHandOver(job.dependencyId, p));
      return p.custody === 'SELF'
        ? await this.selfCustody(job, p)
        : await this.custodial(job, p, ownerCallOf(this.reader, job.type, p));
    } catch (error) {
      if (error instanceof ChainWriteRejected)
        return { kind: 'failed', error: { code: 'TRANSACTION_REJECTED', message: error.message } };
      throw error; // the chain is unreachable or slow: the worker runs the job again later
    }
  }

  /** A new name is minted; one the service holds already (returned to it) gets the records, then its owner. */
  private async mintOrHandOver(writeId: string, p: ChainParameters): Promise<ChainWriteResult> {
    const handOverId = `${writeId}:hand-over`;
    const handedOver = await this.writer.resume(handOverId, p.blockchain);
    if (handedOver) return handedOver;
    const { owner } = await this.reader.domain(p.blockchain, p.name, []);
    if (owner !== this.reader.serviceAddress())
      return this.writer.mint(writeId, p.blockchain, p.name, p.ownerAddress, p.records);
    const service = this.writer.serviceSigner();
    if (Object.keys(p.records).length > 0) {
      await this.writer.actAsOwner(`${writeId}:records`, p.blockchain, p.name, service, {
        kind: 'SET_RECORDS',
        records: p.records,
        reset: true,
      });
    }
    return this.writer.actAsOwner(handOverId, p.blockchain, p.name, service, {
      kind: 'TRANSFER',
      to: p.ownerAddress,
      resetRecords: false,
    });
  }

  private async custodial(job: DependencyJob, p: ChainParameters, call: OwnerCall): Promise<ExecutionOutcome> {
    const signer = await this.custody.signerFor(job.accountId, p.ownerAddress);
    if (!signer)
      return {
        kind: 'failed',
        error: { code: 'CUSTODY_REQUIRED', message: `the service holds no key of ${p.ownerAddress}` },
      };
    return this.completed(p, await this.writer.actAsOwner(job.dependencyId, p.blockchain, p.name, signer, call));
  }

  /**
   * Done once resolution shows it: the write's block (or, when nothing was sent, the chain as it is now) is stored
   * by the indexer before the dependency completes, so a read after `COMPLETED` never shows the domain as it was.
   */
  private async completed(p: ChainParameters, written: ChainWriteResult): Promise<ExecutionOutcome> {
    await this.index.indexed(p.blockchain, written.blockNumber);
    return {
      kind: 'completed',
      result: {
        transaction: {
          blockchain: p.blockchain,
          hash: written.transactionHash,
          tokenId: BigInt(tokenIdOf(p.name)).toString(),
        },
      },
    };
  }

  private async selfCustody(job: DependencyJob, p: ChainParameters): Promise<ExecutionOutcome> {
    // relayed before a crash: finish that write rather than ask for a signature the spent nonce would refuse
    const resumed = await this.writer.resume(job.dependencyId, p.blockchain);
    if (resumed) return this.completed(p, resumed);
    const { request, transaction } = await signingRequestOf(this.reader, job);
    const signature = job.input.signature;
    if (typeof signature !== 'string') return { kind: 'signatureRequired', transaction };
    const verdict = /^0x[0-9a-fA-F]+$/.test(signature)
      ? await this.reader.verify(p.blockchain, request, signature as `0x${string}`)
      : { offChain: false, onChain: false };
    if (!verdict.offChain || !verdict.onChain)
      return {
        kind: 'failed',
        error: {
          code: 'SIGNATURE_INVALID',
          message: 'the signature does not authorise this change at the current nonce',
        },
      };
    return this.completed(
      p,
      await this.writer.relay(job.dependencyId, p.blockchain, request, signature as `0x${string}`),
    );
  }
}
