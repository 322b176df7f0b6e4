import { randomBytes } from 'node:crypto';
import { createTestClient, createWalletClient, getAddress, hashMessage, http, publicActions } from 'viem';
import { readFileSync } from 'node:fs';
import { unsArtifact } from '../../src/infrastructure/chain/uns-artifacts';
import { ChainReader } from '../../src/application/chains/chain-reader.port';
import { ChainWriter } from '../../src/application/chains/chain-writer.port';
import { fund, newWallet, resolutionKeyOf } from '../support/chain-actors';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import { newWeb3Partner, Web3Partner } from '../support/web3-partner';

/**
 * Surface C end to end through HTTP against local chains: custodial wallets, claims charged to the running balance,
 * record merges and resets, transfers out of custody, returns credited back, self-custody edits signed by the owner.
 */
describe('web3 partner API (surface C)', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let reader: ChainReader;
  let writer: ChainWriter;
  let partner: Web3Partner;
  let wallet: string;
  beforeAll(async () => {
    chains = await startTestChains('ETH,MATIC');
    subject = await createTestApp({ chains, env: chains.env });
    reader = subject.app.get(ChainReader);
    writer = subject.app.get(ChainWriter);
    partner = await newWeb3Partner(subject);
    const created = await partner.call('POST', '/account/wallets', {});
    expect(created.status).toBe(201);
    const op = await partner.operation(created.body.operation.id);
    expect(op).toMatchObject({ type: 'WALLET_CREATE', status: 'COMPLETED' });
    wallet = op.dependencies[0].result.address;
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const fresh = () => `p${randomBytes(5).toString('hex')}.crypto`;
  const onChain = (name: string, keys: string[] = []) => reader.domain('MATIC', name, keys);
  const balance = async () => (await partner.call('GET', '/account/billing')).body.balance.usdCents as number;
  const finished = async (reply: { status: number; body: { operation: { id: string } } }) => {
    expect(reply.status).toBeLessThan(300);
    return partner.operation(reply.body.operation.id);
  };

  it('makes the first custodial wallet the default one', async () => {
    const account = await partner.call('GET', '/account');
    expect(account.body).toMatchObject({
      id: partner.accountId,
      defaultWalletAddress: wallet,
      webhookSecret: expect.any(String),
    });
    const wallets = await partner.call('GET', '/account/wallets?type=SELF');
    expect(wallets.body.items).toEqual([expect.objectContaining({ address: wallet, type: 'SELF' })]);
  });

  it('claims, merges and resets records, returns for a credit, claims again, and transfers out of custody', async () => {
    const name = fresh();
    const lookup = await partner.call('GET', `/domains?query=${name.split('.')[0]}&ending=crypto`);
    expect(lookup.body.items).toEqual([
      expect.objectContaining({
        name,
        owner: { type: 'NONE' },
        availability: expect.objectContaining({ status: 'AVAILABLE' }),
      }),
    ]);
    const price = lookup.body.items[0].availability.price.subTotal.usdCents as number;
    expect(price).toBeGreaterThan(0);
    const before = await balance();

    const preview = await partner.call('POST', '/domains?$preview=true', { name });
    expect(preview.body.operation).toMatchObject({
      status: 'PREVIEW',
      type: 'DOMAIN_CLAIM',
      validUntilTimestamp: expect.any(Number),
    });
    expect(await balance()).toBe(before);

    const claim = await finished(
      await partner.call('POST', '/domains', { name, records: { 'crypto.ETH.address': wallet } }),
    );
    expect(claim).toMatchObject({ type: 'DOMAIN_CLAIM', status: 'COMPLETED', domain: name });
    expect(claim.dependencies[0]).toMatchObject({
      type: 'MINT',
      status: 'COMPLETED',
      transaction: { blockchain: 'MATIC', hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    });
    expect(await onChain(name, ['crypto.ETH.address'])).toMatchObject({
      owner: wallet,
      records: { 'crypto.ETH.address': wallet },
    });
    expect(await balance()).toBe(before + price);
    const resolved = await subject.app.inject({
      method: 'GET',
      url: `/resolve/domains/${name}`,
      headers: { authorization: `Bearer ${await resolutionKeyOf(subject.app)}` },
    });
    expect(resolved.json().meta.owner.toLowerCase()).toBe(wallet);
    const domain = await partner.call('GET', `/domains/${name}?$expand=records&$expand=registration`);
    expect(domain.body).toMatchObject({
      name,
      owner: { type: 'SELF', address: wallet },
      availability: { status: 'REGISTERED' },
      records: { 'crypto.ETH.address': wallet },
      registration: { tokenType: 'ERC721' },
      blockchain: 'MATIC',
    });

    const merge = await finished(
      await partner.call('PATCH', `/domains/${name}`, { records: { 'ipfs.html.value': 'QmMerged' } }),
    );
    expect(merge).toMatchObject({ type: 'DOMAIN_UPDATE', status: 'COMPLETED' });
    expect((await onChain(name, ['crypto.ETH.address', 'ipfs.html.value'])).records).toEqual({
      'crypto.ETH.address': wallet,
      'ipfs.html.value': 'QmMerged',
    });
    expect(
      (await partner.call('PATCH', `/domains/${name}`, { records: { 'ipfs.html.value': 'QmMerged' } })).body,
    ).toMatchObject({ code: 'NO_CHANGE' });

    // clearing a record removes it, on C as on E (the published resolution client reads "" as unset)
    await finished(await partner.call('PATCH', `/domains/${name}`, { records: { 'ipfs.html.value': '' } }));
    expect((await partner.call('GET', `/domains/${name}?$expand=records`)).body.records).toEqual({
      'crypto.ETH.address': wallet,
    });
    const cleared = await subject.app.inject({
      method: 'GET',
      url: `/resolve/domains/${name}`,
      headers: { authorization: `Bearer ${await resolutionKeyOf(subject.app)}` },
    });
    expect(cleared.json().records).toEqual({ 'crypto.ETH.address': wallet });
    expect(
      (await partner.call('PATCH', `/domains/${name}`, { records: { 'ipfs.html.value': '' } })).body,
    ).toMatchObject({ code: 'NO_CHANGE' });

    await finished(
      await partner.call('PUT', `/domains/${name}`, {
        records: { 'crypto.BTC.address': 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      }),
    );
    expect((await onChain(name, ['crypto.ETH.address', 'ipfs.html.value', 'crypto.BTC.address'])).records).toEqual({
      'crypto.BTC.address': 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });

    const returned = await finished(await partner.call('DELETE', `/domains/${name}`));
    expect(returned).toMatchObject({ type: 'DOMAIN_RETURN', status: 'COMPLETED' });
    expect((await onChain(name)).owner).toBe(reader.serviceAddress());
    expect(await balance()).toBe(before);
    const transactions = (await partner.call('GET', '/account/billing/transactions')).body.items.filter(
      (item: { domain: string }) => item.domain === name,
    );
    expect(transactions.map((item: { type: string; reason: string }) => `${item.type}:${item.reason}`)).toEqual([
      'CREDIT:DOMAIN_RETURN',
      'CHARGE:DOMAIN_CLAIM',
    ]);

    const again = await finished(
      await partner.call('POST', '/domains', { name, records: { 'ipfs.html.value': 'QmAgain' } }),
    );
    expect(again.status).toBe('COMPLETED');
    expect(await onChain(name, ['ipfs.html.value'])).toMatchObject({
      owner: wallet,
      records: { 'ipfs.html.value': 'QmAgain' },
    });
    expect(await balance()).toBe(before + price);

    const outside = newWallet();
    const transfer = await finished(
      await partner.call('PATCH', `/domains/${name}`, { owner: { type: 'EXTERNAL', address: outside.address } }),
    );
    expect(transfer.dependencies[0]).toMatchObject({
      type: 'TRANSFER',
      status: 'COMPLETED',
      parameters: { fromAddress: wallet, toAddress: outside.address, resetRecords: false },
    });
    expect(await onChain(name, ['ipfs.html.value'])).toMatchObject({
      owner: outside.address,
      records: { 'ipfs.html.value': 'QmAgain' },
    });
    // out of custody for good: the account can no longer change or return it
    expect(
      (await partner.call('PATCH', `/domains/${name}`, { records: { 'ipfs.html.value': 'QmNo' } })).body.code,
    ).toBe('FORBIDDEN');
    expect((await partner.call('DELETE', `/domains/${name}`)).body.code).toBe('FORBIDDEN');
  });

  it('takes an Idempotency-Key on a claim, a return and a wallet: sent again, each is answered once, charged once', async () => {
    const keyed = async (method: 'POST' | 'DELETE', url: string, key: string, body?: unknown) => {
      const response = await subject.app.inject({
        method,
        url: `/partner/v3${url}`,
        headers: {
          authorization: `Bearer ${partner.key}`,
          'idempotency-key': key,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] };
    };
    const name = fresh();
    const before = await balance();
    const claim = await keyed('POST', '/domains', `claim-${name}`, { name });
    expect(await keyed('POST', '/domains', `claim-${name}`, { name })).toEqual({ ...claim, replayed: 'true' });
    expect((await partner.operation(claim.body.operation.id)).status).toBe('COMPLETED');
    const charged = (await balance()) - before;
    expect(charged).toBeGreaterThan(0);
    const returned = await keyed('DELETE', `/domains/${name}`, `return-${name}`);
    expect(await keyed('DELETE', `/domains/${name}`, `return-${name}`)).toEqual({ ...returned, replayed: 'true' });
    expect((await partner.operation(returned.body.operation.id)).status).toBe('COMPLETED');
    expect(await balance()).toBe(before); // charged once, credited back once
    const wallets = async () => (await partner.call('GET', '/account/wallets?type=SELF')).body.items.length;
    const walletsBefore = await wallets();
    const created = await keyed('POST', '/account/wallets', `wallet-${name}`, {});
    expect(await keyed('POST', '/account/wallets', `wallet-${name}`, {})).toEqual({ ...created, replayed: 'true' });
    await partner.operation(created.body.operation.id);
    expect(await wallets()).toBe(walletsBefore + 1);
  });

  it('refuses names that cannot be claimed, and ETH domains', async () => {
    expect((await partner.call('POST', '/domains', { name: 'brad.crypto' })).body.code).toBe('UNSUPPORTED_BLOCKCHAIN');
    expect(
      (await partner.call('PATCH', '/domains/brad.crypto', { records: { 'ipfs.html.value': 'x' } })).body.code,
    ).toBe('UNSUPPORTED_BLOCKCHAIN');
    const admin = await partner.call('POST', '/domains', { name: 'admin.crypto' });
    expect(admin).toMatchObject({ status: 409, body: { code: 'NOT_AVAILABLE' } });
    const eth = await partner.call('GET', '/domains/brad.crypto');
    expect(eth.body).toMatchObject({
      owner: { type: 'EXTERNAL' },
      availability: { status: 'REGISTERED' },
      blockchain: 'ETH',
    });
  });

  it('edits a self-custody domain with the owner signature; wrong, replayed and stale signatures change nothing', async () => {
    const owner = newWallet();
    const message = (await partner.call('GET', `/account/wallets/${owner.address}/verification`)).body
      .message as string;
    const byStranger = await newWallet().account.signMessage({ message });
    expect(
      (await partner.call('POST', `/account/wallets/${owner.address}/verification`, { signature: byStranger })).body
        .code,
    ).toBe('SIGNATURE_INVALID');
    const verified = await finished(
      await partner.call('POST', `/account/wallets/${owner.address}/verification`, {
        signature: await owner.account.signMessage({ message }),
        message,
      }),
    );
    expect(verified).toMatchObject({ type: 'WALLET_VERIFY', status: 'COMPLETED' });
    expect(
      (
        await partner.call('POST', `/account/wallets/${owner.address}/verification`, {
          signature: await owner.account.signMessage({ message }),
        })
      ).body.code,
    ).toBe('WALLET_ALREADY_VERIFIED');
    expect((await partner.call('GET', '/account/wallets?type=EXTERNAL')).body.items).toEqual([
      expect.objectContaining({ address: owner.address, type: 'EXTERNAL' }),
    ]);

    const name = fresh();
    await finished(await partner.call('POST', '/domains', { name }));
    await finished(
      await partner.call('PATCH', `/domains/${name}`, { owner: { type: 'EXTERNAL', address: owner.address } }),
    );
    expect((await partner.call('GET', `/domains/${name}`)).body.owner).toEqual({
      type: 'EXTERNAL',
      address: owner.address,
    });
    expect((await partner.call('PATCH', `/domains/${name}`, { records: { 'ipfs.html.value': 'x' } })).body.code).toBe(
      'CUSTODY_REQUIRED',
    );

    const edit = await finished(
      await partner.call('PATCH', `/external/domains/${name}`, { records: { 'ipfs.html.value': 'QmOwner' } }),
    );
    expect(edit).toMatchObject({ status: 'SIGNATURE_REQUIRED' });
    const waiting = edit.dependencies[0];
    expect(waiting).toMatchObject({
      status: 'SIGNATURE_REQUIRED',
      transaction: {
        blockchain: 'MATIC',
        messageToSign: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        to: reader.registryOf('MATIC'),
      },
    });
    const sign = (op: { id: string }, dependencyId: string, signature: string) =>
      partner.call('PATCH', `/operations/${op.id}/dependencies/${dependencyId}`, { transaction: { signature } });

    // another partner that verified the same owner may manage the domain too, but not while the edit waits; and the
    // refusal tells it that the domain is busy, not which operation of which account holds it
    const other = await newWeb3Partner(subject, 'Another partner of the owner');
    const otherMessage = (await other.call('GET', `/account/wallets/${owner.address}/verification`)).body
      .message as string;
    await other.operation(
      (
        await other.call('POST', `/account/wallets/${owner.address}/verification`, {
          signature: await owner.account.signMessage({ message: otherMessage }),
          message: otherMessage,
        })
      ).body.operation.id,
    );
    const busy = await other.call('PATCH', `/external/domains/${name}`, { records: { 'ipfs.html.value': 'QmOther' } });
    expect(busy).toMatchObject({ status: 409, body: { code: 'CONCURRENT_OPERATION', context: { domain: name } } });
    expect(JSON.stringify(busy.body)).not.toContain(edit.id);
    const own = await partner.call('PATCH', `/external/domains/${name}`, { records: { 'ipfs.html.value': 'QmAgain' } });
    expect(own).toMatchObject({
      status: 409,
      body: { code: 'CONCURRENT_OPERATION', context: { domain: name, operationId: edit.id } },
    });

    const wrong = await sign(edit, waiting.id, await newWallet().signer.signRaw(waiting.transaction.messageToSign));
    expect(wrong).toMatchObject({ status: 400, body: { code: 'SIGNATURE_INVALID' } });
    expect((await partner.operation(edit.id)).status).toBe('SIGNATURE_REQUIRED');

    const good = await owner.signer.signRaw(waiting.transaction.messageToSign);
    expect((await sign(edit, waiting.id, good)).status).toBe(200);
    expect((await partner.operation(edit.id)).status).toBe('COMPLETED');
    expect((await onChain(name, ['ipfs.html.value'])).records).toEqual({ 'ipfs.html.value': 'QmOwner' });

    const next = await finished(
      await partner.call('PATCH', `/external/domains/${name}`, { records: { 'ipfs.html.value': 'QmReplayed' } }),
    );
    expect((await sign(next, next.dependencies[0].id, good)).body.code).toBe('SIGNATURE_INVALID'); // the spent nonce's signature

    const signedLate = await owner.signer.signRaw(next.dependencies[0].transaction.messageToSign);
    // the owner acts on the registry first, behind the service's back: the signed request goes stale
    await writer.actAsOwner(`owner-${name}`, 'MATIC', name, owner.signer, {
      kind: 'SET_RECORDS',
      records: { 'ipfs.html.value': 'QmDirect' },
      reset: false,
    });
    const stale = await sign(next, next.dependencies[0].id, signedLate);
    expect(stale.body).toMatchObject({ code: 'SIGNATURE_INVALID', context: { renewed: true } });
    expect((await onChain(name, ['ipfs.html.value'])).records).toEqual({ 'ipfs.html.value': 'QmDirect' });

    // the dependency now asks for the request at the current nonce, which the owner can sign
    const renewed = (await partner.operation(next.id)).dependencies[0];
    expect(renewed.status).toBe('SIGNATURE_REQUIRED');
    expect(renewed.transaction.messageToSign).toBe(stale.body.context.messageToSign);
    expect(renewed.transaction.nonce).not.toBe(next.dependencies[0].transaction.nonce);
    expect((await sign(next, renewed.id, await owner.signer.signRaw(renewed.transaction.messageToSign))).status).toBe(
      200,
    );
    expect((await partner.operation(next.id)).status).toBe('COMPLETED');
    expect((await onChain(name, ['ipfs.html.value'])).records).toEqual({ 'ipfs.html.value': 'QmReplayed' });
  });

  it('takes an IDN in either form and answers the A-label with the Unicode form beside it', async () => {
    const unicode = `café${randomBytes(3).toString('hex')}.crypto`;
    const claim = await finished(await partner.call('POST', '/domains', { name: unicode }));
    const aLabel = claim.domain as string;
    expect(claim).toMatchObject({
      status: 'COMPLETED',
      domain: expect.stringMatching(/^xn--/),
      unicodeDomain: unicode,
    });
    for (const asked of [encodeURIComponent(unicode), aLabel]) {
      expect((await partner.call('GET', `/domains/${asked}`)).body).toMatchObject({
        name: aLabel,
        unicodeName: unicode,
        owner: { type: 'SELF', address: wallet },
      });
      expect((await partner.call('GET', `/operations?domain=${asked}`)).body.items).toEqual([
        expect.objectContaining({ id: claim.id, domain: aLabel, unicodeDomain: unicode }),
      ]);
    }
    const lookup = await partner.call(
      'GET',
      `/domains?query=${encodeURIComponent(unicode.split('.')[0])}&ending=crypto`,
    );
    expect(lookup.body.items).toEqual([
      expect.objectContaining({ name: aLabel, unicodeName: unicode, availability: { status: 'REGISTERED' } }),
    ]);
  });

  it("sets and removes a wallet's primary domain (reverse resolution) on chain", async () => {
    const name = fresh();
    await finished(await partner.call('POST', '/domains', { name }));
    const set = await finished(await partner.call('PATCH', `/account/wallets/${wallet}`, { primaryDomain: name }));
    expect(set).toMatchObject({
      type: 'WALLET_UPDATE',
      status: 'COMPLETED',
      dependencies: [expect.objectContaining({ type: 'SET_REVERSE', status: 'COMPLETED' })],
    });
    expect((await partner.call('GET', `/account/wallets/${wallet}`)).body).toMatchObject({
      address: wallet,
      type: 'SELF',
      primaryDomain: name,
    });
    const removed = await finished(await partner.call('PATCH', `/account/wallets/${wallet}`, { primaryDomain: null }));
    expect(removed.status).toBe('COMPLETED');
    expect((await partner.call('GET', `/account/wallets/${wallet}`)).body.primaryDomain).toBeUndefined();
  });

  it("lists pending operations on a domain, with UNKNOWN for the owner's own transactions in the pool", async () => {
    const owner = newWallet();
    const name = fresh();
    await finished(
      await partner.call('POST', '/domains', { name, owner: { type: 'EXTERNAL', address: owner.address } }),
    );
    expect((await partner.call('GET', `/domains/${name}/pending-operations`)).body.items).toEqual([]);

    const rpc = `http://127.0.0.1:${chains.env.CHAIN_MATIC_PORT}`;
    await fund(rpc, owner.address);
    const node = createTestClient({ mode: 'anvil', transport: http(rpc) });
    await node.setAutomine(false);
    try {
      const hash = await createWalletClient({ account: owner.account, transport: http(rpc) }).writeContract({
        address: getAddress(reader.registryOf('MATIC')),
        abi: unsArtifact('UNSRegistry').abi,
        functionName: 'set',
        args: ['ipfs.html.value', 'QmDirect', BigInt((await onChain(name)).tokenId)],
        chain: null,
      });
      const pending = await partner.call('GET', `/domains/${name}/pending-operations`);
      expect(pending.body.items).toEqual([
        expect.objectContaining({ type: 'UNKNOWN', status: 'PROCESSING', transaction: { hash } }),
      ]);
    } finally {
      await node.mine({ blocks: 1 });
      await node.setAutomine(true);
    }
    expect((await partner.call('GET', `/domains/${name}/pending-operations`)).body.items).toEqual([]);
  });

  it('verifies a contract wallet (ERC-1271) by its isValidSignature', async () => {
    const rpc = `http://127.0.0.1:${chains.env.CHAIN_MATIC_PORT}`;
    const keyHolder = newWallet();
    await fund(rpc, keyHolder.address);
    const artifact = JSON.parse(
      readFileSync(require.resolve('@unstoppabledomains/uns/artifacts/ERC1271SimpleWallet.json'), 'utf8'),
    );
    const deployer = createWalletClient({ account: keyHolder.account, transport: http(rpc) }).extend(publicActions);
    const hash = await deployer.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [keyHolder.account.address],
      chain: null,
    });
    const contract = (await deployer.waitForTransactionReceipt({ hash })).contractAddress?.toLowerCase() as string;

    const message = (await partner.call('GET', `/account/wallets/${contract}/verification`)).body.message as string;
    const byStranger = await newWallet().account.sign({ hash: hashMessage(message) });
    expect(
      (await partner.call('POST', `/account/wallets/${contract}/verification`, { signature: byStranger, message })).body
        .code,
    ).toBe('SIGNATURE_INVALID');
    const signature = await keyHolder.account.sign({ hash: hashMessage(message) });
    const verified = await finished(
      await partner.call('POST', `/account/wallets/${contract}/verification`, { signature, message }),
    );
    expect(verified).toMatchObject({ type: 'WALLET_VERIFY', status: 'COMPLETED' });
    expect((await partner.call('GET', `/account/wallets/${contract}`)).body).toMatchObject({
      address: contract,
      type: 'EXTERNAL',
    });
  });

  it('suggests only available names, built from the query, with their prices', async () => {
    const word = `s${randomBytes(4).toString('hex')}`;
    await finished(await partner.call('POST', '/domains', { name: `${word}.crypto` }));
    const reply = await partner.call('GET', `/suggestions/domains?query=${word}&ending=crypto&ending=x`);
    expect(reply.status).toBe(200);
    const names = reply.body.items.map((item: { name: string }) => item.name);
    expect(names.length).toBeGreaterThan(3);
    expect(names).not.toContain(`${word}.crypto`); // claimed above
    expect(names).toContain(`${word}.x`);
    for (const item of reply.body.items) {
      expect(item.name).toMatch(new RegExp(`${word}.*\\.(crypto|x)$`));
      expect(item.price.subTotal.usdCents).toBeGreaterThan(0);
    }
    const lookups = await partner.call('GET', `/domains?${names.map((name: string) => `query=${name}`).join('&')}`);
    expect(lookups.body.items.map((item: { availability: { status: string } }) => item.availability.status)).toEqual(
      names.map(() => 'AVAILABLE'),
    );
  });
});
