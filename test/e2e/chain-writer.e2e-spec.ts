import { Pool } from 'pg';
import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ChainWriteRejected } from '../../src/application/chains/chain-writer.port';
import { ChainWriteJournal } from '../../src/infrastructure/chain/chain-write-journal';
import { ChainConnections } from '../../src/infrastructure/chain/chain-connections';
import { ViemChainReader } from '../../src/infrastructure/chain/viem-chain-reader';
import { ViemChainWriter } from '../../src/infrastructure/chain/viem-chain-writer';
import { newWallet } from '../support/chain-actors';
import { createTestDatabase } from '../support/test-database';
import { startTestChains } from '../support/test-chains';

/** A process that dies right after it recorded a signed transaction, before broadcasting it. */
class CrashAfterRecording extends ChainWriteJournal {
  override async recordTransaction(...args: Parameters<ChainWriteJournal['recordTransaction']>): Promise<void> {
    await super.recordTransaction(...args);
    throw new Error('crashed after recording');
  }
}

describe('chain reader and writer: idempotent writes and owner signatures on a real chain', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let pool: Pool;
  let connections: ChainConnections;
  let reader: ViemChainReader;
  let writer: ViemChainWriter;
  const writerWith = (journal: ChainWriteJournal) => new ViemChainWriter(connections, reader, journal);
  const relayerNonce = async () =>
    createPublicClient({ transport: http(chains.networks[1].rpcUrl) }).getTransactionCount({
      address: privateKeyToAccount(chains.relayerKey).address,
    });
  let counter = 0;
  const fresh = () => `gw${Date.now().toString(36)}${(counter += 1)}.crypto`;

  beforeAll(async () => {
    chains = await startTestChains('ETH,MATIC');
    pool = new Pool({ connectionString: await createTestDatabase(), max: 4 });
    connections = new ChainConnections(chains.networks, chains.relayerKey);
    reader = new ViemChainReader(connections);
    writer = writerWith(new ChainWriteJournal(pool));
  });
  afterAll(async () => {
    await pool?.end();
    await chains?.stop();
  });

  it('mints once per write id, sees a mint already in effect, and refuses a name someone else holds', async () => {
    const name = fresh();
    const owner = newWallet();
    const first = await writer.mint('w-1', 'MATIC', name, owner.address, { 'crypto.ETH.address': owner.address });
    expect(first.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const nonce = await relayerNonce();
    // the same write again (a retry, another worker), even from a new process: the recorded transaction, nothing sent
    const again = await writerWith(new ChainWriteJournal(pool)).mint('w-1', 'MATIC', name, owner.address, {});
    expect(again).toEqual(first);
    // another write whose effect is already on the chain sends nothing either
    expect(await writer.mint('w-2', 'MATIC', name, owner.address, {})).toEqual({
      transactionHash: null,
      blockNumber: null,
    });
    expect(await relayerNonce()).toBe(nonce);
    await expect(writer.mint('w-3', 'MATIC', name, newWallet().address, {})).rejects.toBeInstanceOf(ChainWriteRejected);
    expect((await reader.domain('MATIC', name, ['crypto.ETH.address'])).owner).toBe(owner.address);
  });

  it('a write recorded but never broadcast (the process died) is sent as the same signed bytes by the next attempt', async () => {
    const name = fresh();
    const owner = newWallet();
    const nonce = await relayerNonce();
    const crashing = writerWith(new CrashAfterRecording(pool));
    await expect(crashing.mint('w-crash', 'MATIC', name, owner.address, {})).rejects.toThrow('crashed after recording');
    expect((await reader.domain('MATIC', name, [])).owner).toBeNull(); // nothing reached the chain
    const { rows } = await pool.query<{ transaction_hash: string }>(
      "select transaction_hash from chain_writes where write_id = 'w-crash'",
    );

    const resumed = await writer.mint('w-crash', 'MATIC', name, owner.address, {});
    expect(resumed.transactionHash).toBe(rows[0].transaction_hash);
    expect((await reader.domain('MATIC', name, [])).owner).toBe(owner.address);
    expect(await relayerNonce()).toBe(nonce + 1);
  });

  it('relays an owner-signed request once; wrong, replayed and stale signatures are refused and change nothing', async () => {
    const name = fresh();
    const owner = newWallet();
    await writer.mint(`m-${name}`, 'MATIC', name, owner.address, {});
    const set = (value: string) => ({
      kind: 'SET_RECORDS' as const,
      records: { 'ipfs.html.value': value },
      reset: false,
    });

    const { request, messageToSign } = await reader.forwardRequest('MATIC', name, owner.address, set('QmSigned'));
    const good = await owner.signer.signRaw(messageToSign);
    const stranger = await newWallet().signer.signRaw(messageToSign);
    expect(await reader.verify('MATIC', request, good)).toEqual({ offChain: true, onChain: true });
    expect(await reader.verify('MATIC', request, stranger)).toEqual({ offChain: false, onChain: false });
    expect(await reader.verify('MATIC', request, '0x1234')).toEqual({ offChain: false, onChain: false });

    await writer.relay(`r-${name}`, 'MATIC', request, good);
    await writer.relay(`r-${name}`, 'MATIC', request, good); // the same write: once
    expect(await reader.nonceOf('MATIC', name)).toBe(request.nonce + 1n);
    expect((await reader.domain('MATIC', name, ['ipfs.html.value'])).records).toEqual({
      'ipfs.html.value': 'QmSigned',
    });

    // replayed under a new write id: the registry spent that nonce
    expect(await reader.verify('MATIC', request, good)).toEqual({ offChain: false, onChain: false });
    await expect(writer.relay(`replay-${name}`, 'MATIC', request, good)).rejects.toBeInstanceOf(ChainWriteRejected);

    // stale: signed, then the owner changed something else first
    const later = await reader.forwardRequest('MATIC', name, owner.address, set('QmStale'));
    const laterSignature = await owner.signer.signRaw(later.messageToSign);
    await writer.actAsOwner(`other-${name}`, 'MATIC', name, owner.signer, set('QmFirst'));
    expect(await reader.verify('MATIC', later.request, laterSignature)).toEqual({ offChain: false, onChain: false });
    await expect(writer.relay(`stale-${name}`, 'MATIC', later.request, laterSignature)).rejects.toBeInstanceOf(
      ChainWriteRejected,
    );
    expect((await reader.domain('MATIC', name, ['ipfs.html.value'])).records).toEqual({ 'ipfs.html.value': 'QmFirst' });
  });

  it('acts as a custodial owner once per write id, and never writes to ETH', async () => {
    const name = fresh();
    const owner = newWallet();
    await writer.mint(`m-${name}`, 'MATIC', name, owner.address, {});
    const call = { kind: 'TRANSFER' as const, to: reader.serviceAddress(), resetRecords: true };
    const first = await writer.actAsOwner(`t-${name}`, 'MATIC', name, owner.signer, call);
    expect(await writer.actAsOwner(`t-${name}`, 'MATIC', name, owner.signer, call)).toEqual(first);
    expect(await reader.nonceOf('MATIC', name)).toBe(1n);
    expect((await reader.domain('MATIC', name, [])).owner).toBe(reader.serviceAddress());

    await expect(writer.mint('eth-1', 'ETH', fresh(), owner.address, {})).rejects.toThrow('does not write to ETH');
    expect((await reader.domain('ETH', 'brad.crypto', ['crypto.BTC.address'])).records).toEqual({
      'crypto.BTC.address': 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
  });
});
