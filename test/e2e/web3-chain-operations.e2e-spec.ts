import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { ChainReader } from '../../src/application/chains/chain-reader.port';
import { ChangeOperation } from '../../src/application/operations/change-operation.command';
import { RequestOperation } from '../../src/application/operations/request-operation.command';
import { ExistingOperation } from '../../src/domain/operations/operation';
import { Parameters } from '../../src/domain/operations/operation.events';
import { newId } from '../../src/domain/shared/ids';
import { newWallet, resolutionKeyOf } from '../support/chain-actors';
import { readOperation } from '../support/operations';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';

/**
 * The internal API surface C will call: web3 operations whose blockchain dependencies (MINT, UPDATE_RECORDS,
 * TRANSFER, RETURN) the engine runs through the chain reader and writer, self-custody ones stopping for the owner's
 * signature.
 */
describe('web3 operations on the chains', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let reader: ChainReader;
  beforeAll(async () => {
    chains = await startTestChains('MATIC');
    subject = await createTestApp({ chains, env: chains.env });
    reader = subject.app.get(ChainReader);
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const run = async (
    domain: string,
    type: string,
    dependencyType: string,
    parameters: Parameters,
  ): Promise<ExistingOperation> => {
    const op = await subject.app.get(CommandBus).execute(
      new RequestOperation({
        accountId: 'acct-web3',
        surface: 'web3',
        type,
        domain,
        dependencies: [
          {
            id: newId('blockchainDependency'),
            type: dependencyType,
            parameters: { blockchain: 'MATIC', name: domain, ...parameters },
          },
        ],
      }),
    );
    await subject.settled();
    return readOperation(subject, op);
  };
  const sign = async (op: ExistingOperation, signature: string): Promise<ExistingOperation> => {
    await subject.app.get(CommandBus).execute(
      new ChangeOperation(op.id, {
        type: 'ResumeDependency',
        data: { dependencyId: op.dependencies[0].id, input: { signature }, at: Date.now() },
      }),
    );
    await subject.settled();
    return readOperation(subject, op);
  };
  const resolvedOwner = async (name: string) => {
    const response = await subject.app.inject({
      method: 'GET',
      url: `/resolve/domains/${name}`,
      headers: { authorization: `Bearer ${await resolutionKeyOf(subject.app)}` },
    });
    return (response.json() as { meta: { owner: string | null } }).meta.owner?.toLowerCase();
  };

  it('claims, edits with the owner signature, transfers and returns, each change once on the chain', async () => {
    const name = `op${randomBytes(5).toString('hex')}.crypto`;
    const [owner, next] = [newWallet(), newWallet()];

    const claim = await run(name, 'DOMAIN_CLAIM', 'MINT', {
      toAddress: owner.address,
      initialRecords: { 'crypto.ETH.address': owner.address },
    });
    expect(claim.status).toBe('COMPLETED');
    expect(claim.dependencies[0].result).toMatchObject({
      transaction: { blockchain: 'MATIC', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    });
    expect(await reader.domain('MATIC', name, ['crypto.ETH.address'])).toMatchObject({
      owner: owner.address,
      records: { 'crypto.ETH.address': owner.address },
    });
    expect(await resolvedOwner(name)).toBe(owner.address);

    const edit = await run(name, 'DOMAIN_UPDATE', 'UPDATE_RECORDS', {
      custody: 'SELF',
      ownerAddress: owner.address,
      recordUpdates: { 'ipfs.html.value': 'QmOwnerSigned' },
      resetRecords: false,
    });
    expect(edit.status).toBe('SIGNATURE_REQUIRED');
    const transaction = edit.dependencies[0].transaction as { messageToSign: `0x${string}`; to: string; nonce: string };
    expect(transaction).toMatchObject({ blockchain: 'MATIC', to: reader.registryOf('MATIC'), nonce: '0' });

    // a stranger's signature fails the operation and changes nothing
    const forged = await sign(edit, await newWallet().signer.signRaw(transaction.messageToSign));
    expect(forged.status).toBe('FAILED');
    expect(forged.dependencies[0].error).toMatchObject({ code: 'SIGNATURE_INVALID' });
    expect((await reader.domain('MATIC', name, ['ipfs.html.value'])).records).toEqual({});

    const again = await run(name, 'DOMAIN_UPDATE', 'UPDATE_RECORDS', {
      custody: 'SELF',
      ownerAddress: owner.address,
      recordUpdates: { 'ipfs.html.value': 'QmOwnerSigned' },
      resetRecords: false,
    });
    const signed = await sign(
      again,
      await owner.signer.signRaw((again.dependencies[0].transaction as { messageToSign: `0x${string}` }).messageToSign),
    );
    expect(signed.status).toBe('COMPLETED');
    expect((await reader.domain('MATIC', name, ['ipfs.html.value'])).records).toEqual({
      'ipfs.html.value': 'QmOwnerSigned',
    });
    expect(await reader.nonceOf('MATIC', name)).toBe(1n);

    const transfer = await run(name, 'DOMAIN_UPDATE', 'TRANSFER', {
      custody: 'SELF',
      ownerAddress: owner.address,
      toAddress: next.address,
      resetRecords: false,
    });
    const moved = await sign(
      transfer,
      await owner.signer.signRaw(
        (transfer.dependencies[0].transaction as { messageToSign: `0x${string}` }).messageToSign,
      ),
    );
    expect(moved.status).toBe('COMPLETED');
    expect(await reader.domain('MATIC', name, ['ipfs.html.value'])).toMatchObject({
      owner: next.address,
      records: { 'ipfs.html.value': 'QmOwnerSigned' },
    });

    const giveBack = await run(name, 'DOMAIN_RETURN', 'RETURN', { custody: 'SELF', ownerAddress: next.address });
    const returned = await sign(
      giveBack,
      await next.signer.signRaw(
        (giveBack.dependencies[0].transaction as { messageToSign: `0x${string}` }).messageToSign,
      ),
    );
    expect(returned.status).toBe('COMPLETED');
    expect(await reader.domain('MATIC', name, ['ipfs.html.value'])).toMatchObject({
      owner: reader.serviceAddress(),
      records: {},
    });
    expect(await resolvedOwner(name)).toBe(reader.serviceAddress()); // the read model followed every step
  });

  it('fails a custodial change when the service holds no key of the owner, and a claim of a taken name', async () => {
    const name = `op${randomBytes(5).toString('hex')}.crypto`;
    const owner = newWallet();
    expect((await run(name, 'DOMAIN_CLAIM', 'MINT', { toAddress: owner.address, initialRecords: {} })).status).toBe(
      'COMPLETED',
    );
    const custodial = await run(name, 'DOMAIN_UPDATE', 'UPDATE_RECORDS', {
      custody: 'SERVICE',
      ownerAddress: owner.address,
      recordUpdates: { 'ipfs.html.value': 'x' },
    });
    expect([custodial.status, custodial.dependencies[0].error?.code]).toEqual(['FAILED', 'CUSTODY_REQUIRED']);
    const taken = await run(name, 'DOMAIN_CLAIM', 'MINT', { toAddress: newWallet().address, initialRecords: {} });
    expect([taken.status, taken.dependencies[0].error?.code]).toEqual(['FAILED', 'TRANSACTION_REJECTED']);
    expect((await reader.domain('MATIC', name, [])).owner).toBe(owner.address);
  });
});
