import { Injectable } from '@nestjs/common';
import { Address, Blockchain, isBlockchain, tokenIdOf } from '../../domain/chains/blockchain';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { ChainGateway, ChainWriteRejected, ChainWriteResult, OwnerCall } from './chain-gateway.port';
import { CustodialSigners } from './custodial-signers.port';

/**
 * The blockchain dependencies of web3 operations (`decisions.md` §3), run through the chain gateway with the
 * dependency id as the write id, so a rerun after a crash never acts twice.
 *
 * parameters: `blockchain`, `name`, `custody` (`SERVICE`: the service holds the owner's key; `SELF`: the owner signs),
 * `ownerAddress` (the current owner; for MINT, `toAddress`), and per type: MINT `{toAddress, initialRecords}`,
 * UPDATE_RECORDS `{recordUpdates, resetRecords}`, TRANSFER `{toAddress, resetRecords}`, RETURN `{}` (back to the
 * service, records reset). A self-custody change stops in SIGNATURE_REQUIRED with `messageToSign`; the owner's
 * signature comes back as input `signature` and is checked off-chain and on-chain before it is relayed.
 */
export const BLOCKCHAIN_DEPENDENCY_TYPES = ['MINT', 'UPDATE_RECORDS', 'TRANSFER', 'RETURN'] as const;

interface ChainParameters {
  readonly blockchain: Blockchain;
  readonly name: string;
  readonly custody: 'SERVICE' | 'SELF';
  readonly ownerAddress: Address;
  readonly toAddress?: Address;
  readonly records: Record<string, string>;
  readonly resetRecords: boolean;
}

const parametersOf = (job: DependencyJob): ChainParameters => {
  const p = job.parameters;
  if (!isBlockchain(p.blockchain) || typeof p.name !== 'string') throw new Error(`dependency ${job.dependencyId} has no blockchain or name`);
  const records = (job.type === 'MINT' ? p.initialRecords : p.recordUpdates) ?? {};
  return {
    blockchain: p.blockchain,
    name: p.name,
    custody: p.custody === 'SELF' ? 'SELF' : 'SERVICE',
    ownerAddress: String(p.ownerAddress ?? p.toAddress ?? '').toLowerCase() as Address,
    toAddress: typeof p.toAddress === 'string' ? (p.toAddress.toLowerCase() as Address) : undefined,
    records: records as Record<string, string>,
    resetRecords: p.resetRecords === true,
  };
};

const completed = (blockchain: Blockchain, name: string, written: ChainWriteResult): ExecutionOutcome => ({
  kind: 'completed',
  result: { transaction: { blockchain, hash: written.transactionHash, tokenId: BigInt(tokenIdOf(name)).toString() } },
});

@Injectable()
export class BlockchainDependencyExecutor implements DependencyExecutor {
  readonly handles = BLOCKCHAIN_DEPENDENCY_TYPES;

  constructor(
    private readonly gateway: ChainGateway,
    private readonly custody: CustodialSigners,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const p = parametersOf(job);
    try {
      if (job.type === 'MINT') return completed(p.blockchain, p.name, await this.gateway.mint(job.dependencyId, p.blockchain, p.name, p.ownerAddress, p.records));
      const call = this.ownerCall(job.type, p);
      return p.custody === 'SELF' ? await this.selfCustody(job, p, call) : await this.custodial(job, p, call);
    } catch (error) {
      if (error instanceof ChainWriteRejected) return { kind: 'failed', error: { code: 'TRANSACTION_REJECTED', message: error.message } };
      throw error; // the chain is unreachable or slow: the worker runs the job again later
    }
  }

  private ownerCall(type: string, p: ChainParameters): OwnerCall {
    switch (type) {
      case 'UPDATE_RECORDS':
        return { kind: 'SET_RECORDS', records: p.records, reset: p.resetRecords };
      case 'TRANSFER':
        return { kind: 'TRANSFER', to: p.toAddress as Address, resetRecords: p.resetRecords };
      case 'RETURN':
        return { kind: 'TRANSFER', to: this.gateway.serviceAddress(), resetRecords: true };
      default:
        throw new Error(`not a blockchain dependency type: ${type}`);
    }
  }

  private async custodial(job: DependencyJob, p: ChainParameters, call: OwnerCall): Promise<ExecutionOutcome> {
    const signer = await this.custody.signerFor(job.accountId, p.ownerAddress);
    if (!signer) return { kind: 'failed', error: { code: 'CUSTODY_REQUIRED', message: `the service holds no key of ${p.ownerAddress}` } };
    return completed(p.blockchain, p.name, await this.gateway.actAsOwner(job.dependencyId, p.blockchain, p.name, signer, call));
  }

  private async selfCustody(job: DependencyJob, p: ChainParameters, call: OwnerCall): Promise<ExecutionOutcome> {
    // relayed before a crash: finish that write rather than ask for a signature the spent nonce would refuse
    const resumed = await this.gateway.resume(job.dependencyId, p.blockchain);
    if (resumed) return completed(p.blockchain, p.name, resumed);
    const { request, messageToSign } = await this.gateway.forwardRequest(p.blockchain, p.name, p.ownerAddress, call);
    const signature = job.input.signature;
    if (typeof signature !== 'string') {
      return {
        kind: 'signatureRequired',
        transaction: { blockchain: p.blockchain, hash: null, messageToSign, to: this.gateway.registryOf(p.blockchain), data: request.data, nonce: request.nonce.toString(), tokenId: request.tokenId.toString() },
      };
    }
    const verdict = /^0x[0-9a-fA-F]+$/.test(signature) ? await this.gateway.verify(p.blockchain, request, signature as `0x${string}`) : { offChain: false, onChain: false };
    if (!verdict.offChain || !verdict.onChain) return { kind: 'failed', error: { code: 'SIGNATURE_INVALID', message: 'the signature does not authorise this change at the current nonce' } };
    return completed(p.blockchain, p.name, await this.gateway.relay(job.dependencyId, p.blockchain, request, signature as `0x${string}`));
  }
}
