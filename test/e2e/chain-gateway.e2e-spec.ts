import { Pool } from 'pg';
import { createPublicClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ChainWriteRejected } from '../../src/application/chains/chain-gateway.port';
import { ChainWriteJournal } from '../../src/infrastructure/chain/chain-write-journal';
import { ViemChainGateway } from '../../src/infrastructure/chain/viem-chain-gateway';
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

describe('chain gateway: idempotent writes and owner signatures on a real chain', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let pool: Pool;
  let gateway: ViemChainGateway;
  const relayerNonce = async () =>
    createPublicClient({ transport: http(chains.networks[1].rpcUrl) }).getTransactionCount({ address: privateKeyToAccount(chains.relayerKey).address });
  let counter = 0;
  const fresh = () => `gw${Date.now().toString(36)}${(counter += 1)}.crypto`;

  beforeAll(async () => {
    chains = await startTestChains('ETH,MATIC');
    pool = new Pool({ connectionString: await createTestDatabase(), max: 4 });
    gateway = new ViemChainGateway(chains.networks, chains.relayerKey, new ChainWriteJournal(pool));
  });
  afterAll(async () => {
    await pool?.end();
    await chains?.stop();
  });

  it('mints once per write id, sees a mint already in effect, and refuses a name someone else holds', async () => {
    const name = fresh();
    const owner = newWallet();
    const first = await gateway.mint('w-1', 'MATIC', name, owner.address, { 'crypto.ETH.address': owner.address });
    expect(first.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const nonce = await relayerNonce();
    // the same write again (a retry, another worker), even from a new process: the recorded transaction, nothing sent
    const again = await new ViemChainGateway(chains.networks, chains.relayerKey, new ChainWriteJournal(pool)).mint('w-1', 'MATIC', name, owner.address, {});
    expect(again).toEqual(first);
    // another write whose effect is already on the chain sends nothing either
    expect(await gateway.mint('w-2', 'MATIC', name, owner.address, {})).toEqual({ transactionHash: null, blockNumber: null });
    expect(await relayerNonce()).toBe(nonce);
    await expect(gateway.mint('w-3', 'MATIC', name, newWallet().address, {})).rejects.toBeInstanceOf(ChainWriteRejected);
    expect((await gateway.domain('MATIC', name, ['crypto.ETH.address'])).owner).toBe(owner.address);
  });

  it('a write recorded but never broadcast (the process died) is sent as the same signed bytes by the next attempt', async () => {
    const name = fresh();
    const owner = newWallet();
    const nonce = await relayerNonce();
    const crashing = new ViemChainGateway(chains.networks, chains.relayerKey, new CrashAfterRecording(pool));
    await expect(crashing.mint('w-crash', 'MATIC', name, owner.address, {})).rejects.toThrow('crashed after recording');
    expect((await gateway.domain('MATIC', name, [])).owner).toBeNull(); // nothing reached the chain
    const { rows } = await pool.query<{ transaction_hash: string }>("select transaction_hash from chain_writes where write_id = 'w-crash'");

    const resumed = await gateway.mint('w-crash', 'MATIC', name, owner.address, {});
    expect(resumed.transactionHash).toBe(rows[0].transaction_hash);
    expect((await gateway.domain('MATIC', name, [])).owner).toBe(owner.address);
    expect(await relayerNonce()).toBe(nonce + 1);
  });

  it('relays an owner-signed request once; wrong, replayed and stale signatures are refused and change nothing', async () => {
    const name = fresh();
    const owner = newWallet();
    await gateway.mint(`m-${name}`, 'MATIC', name, owner.address, {});
    const set = (value: string) => ({ kind: 'SET_RECORDS' as const, records: { 'ipfs.html.value': value }, reset: false });

    const { request, messageToSign } = await gateway.forwardRequest('MATIC', name, owner.address, set('QmSigned'));
    const good = await owner.signer.signRaw(messageToSign);
    const stranger = await newWallet().signer.signRaw(messageToSign);
    expect(await gateway.verify('MATIC', request, good)).toEqual({ offChain: true, onChain: true });
    expect(await gateway.verify('MATIC', request, stranger)).toEqual({ offChain: false, onChain: false });
    expect(await gateway.verify('MATIC', request, '0x1234')).toEqual({ offChain: false, onChain: false });

    await gateway.relay(`r-${name}`, 'MATIC', request, good);
    await gateway.relay(`r-${name}`, 'MATIC', request, good); // the same write: once
    expect(await gateway.nonceOf('MATIC', name)).toBe(request.nonce + 1n);
    expect((await gateway.domain('MATIC', name, ['ipfs.html.value'])).records).toEqual({ 'ipfs.html.value': 'QmSigned' });

    // replayed under a new write id: the registry spent that nonce
    expect(await gateway.verify('MATIC', request, good)).toEqual({ offChain: false, onChain: false });
    await expect(gateway.relay(`replay-${name}`, 'MATIC', request, good)).rejects.toBeInstanceOf(ChainWriteRejected);

    // stale: signed, then the owner changed something else first
    const later = await gateway.forwardRequest('MATIC', name, owner.address, set('QmStale'));
    const laterSignature = await owner.signer.signRaw(later.messageToSign);
    await gateway.actAsOwner(`other-${name}`, 'MATIC', name, owner.signer, set('QmFirst'));
    expect(await gateway.verify('MATIC', later.request, laterSignature)).toEqual({ offChain: false, onChain: false });
    await expect(gateway.relay(`stale-${name}`, 'MATIC', later.request, laterSignature)).rejects.toBeInstanceOf(ChainWriteRejected);
    expect((await gateway.domain('MATIC', name, ['ipfs.html.value'])).records).toEqual({ 'ipfs.html.value': 'QmFirst' });
  });

  it('acts as a custodial owner once per write id, and never writes to ETH', async () => {
    const name = fresh();
    const owner = newWallet();
    await gateway.mint(`m-${name}`, 'MATIC', name, owner.address, {});
    const call = { kind: 'TRANSFER' as const, to: gateway.serviceAddress(), resetRecords: true };
    const first = await gateway.actAsOwner(`t-${name}`, 'MATIC', name, owner.signer, call);
    expect(await gateway.actAsOwner(`t-${name}`, 'MATIC', name, owner.signer, call)).toEqual(first);
    expect(await gateway.nonceOf('MATIC', name)).toBe(1n);
    expect((await gateway.domain('MATIC', name, [])).owner).toBe(gateway.serviceAddress());

    await expect(gateway.mint('eth-1', 'ETH', fresh(), owner.address, {})).rejects.toThrow('does not write to ETH');
    expect((await gateway.domain('ETH', 'brad.crypto', ['crypto.BTC.address'])).records).toEqual({ 'crypto.BTC.address': 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' });
  });
});
