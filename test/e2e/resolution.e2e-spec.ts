import { randomBytes } from 'node:crypto';
import { createWalletClient, getAddress, http, publicActions } from 'viem';
import { ChainReader } from '../../src/application/chains/chain-reader.port';
import { ChainWriter } from '../../src/application/chains/chain-writer.port';
import { Address, Blockchain, tokenIdOf } from '../../src/domain/chains/blockchain';
import { domainNameForms } from '../../src/domain/shared/idna';
import { unsArtifact } from '../../src/infrastructure/chain/uns-artifacts';
import { fund, newWallet, resolutionKeyOf } from '../support/chain-actors';
import { apiReferee, chainReferee, Referee } from '../support/resolution-referee';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';

/**
 * Surface E against real chains: what the service and owners do on-chain is indexed and served, and the published
 * resolution client gives the same answers through our API as it does reading the chains itself.
 */
describe('resolution (surface E) over the indexed chains', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let reader: ChainReader;
  let writer: ChainWriter;
  let key: string;
  let viaApi: Referee;
  let viaChain: Referee;
  const unique = () => `t${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    chains = await startTestChains();
    subject = await createTestApp({ chains, env: chains.env });
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    reader = subject.app.get(ChainReader);
    writer = subject.app.get(ChainWriter);
    key = await resolutionKeyOf(subject.app);
    viaApi = await apiReferee(`${await subject.app.getUrl()}/resolve`.replace('[::1]', '127.0.0.1'), key);
    viaChain = chainReferee(
      chains.networks.map((network) => ({
        rpcUrl: network.rpcUrl,
        chainId: network.chainId,
        proxyReader: network.proxyReader,
      })),
      chains.tlds,
    );
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const get = async (url: string, authorization: string | null = `Bearer ${key}`) => {
    const response = await subject.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
    return { status: response.statusCode, body: response.json() };
  };
  const rpcOf = (blockchain: Blockchain) =>
    chains.networks.find((network) => network.blockchain === blockchain)?.rpcUrl as string;

  /** An owner sending its own transactions to the MATIC registry, funded for gas. */
  const ownerOnMatic = async (owner: ReturnType<typeof newWallet>) => {
    await fund(rpcOf('MATIC'), owner.address);
    const wallet = createWalletClient({ transport: http(rpcOf('MATIC')), account: owner.account }).extend(
      publicActions,
    );
    const registry = chains.networks.find((network) => network.blockchain === 'MATIC')?.registry as Address;
    const abi = unsArtifact('UNSRegistry').abi;
    const send = async (functionName: string, args: unknown[]) => {
      const hash = await wallet.writeContract({ address: registry, abi, functionName, args, chain: null } as never);
      expect((await wallet.waitForTransactionReceipt({ hash })).status).toBe('success');
    };
    return { wallet, send };
  };

  /** Both referees agree on everything a client asks, and the API says `expected`. */
  const agree = async (name: string, expected: { owner: Address | null; records: Record<string, string> }) => {
    await subject.settled();
    const questions = async (referee: Referee) => ({
      owner: await referee.owner(name),
      records: await referee.records(name, ['crypto.ETH.address', 'crypto.BTC.address', 'ipfs.html.value']),
      all: await referee.allRecords(name),
      eth: await referee.addr(name, 'ETH'),
      btc: await referee.addr(name, 'BTC'),
    });
    const [api, chain] = await Promise.all([questions(viaApi), questions(viaChain)]);
    expect(api).toEqual(chain);
    const served = (await get(`/resolve/domains/${name}`)).body;
    expect(served.meta.owner).toBe(expected.owner && getAddress(expected.owner));
    expect(served.records).toEqual(expected.records);
    if (expected.owner) expect(api.owner).toEqual({ value: getAddress(expected.owner) });
  };

  it('serves the ETH fixtures minted at start; unknown, unsupported and malformed names answer 200 with null meta', async () => {
    await subject.settled();
    const fixture = await get('/resolve/domains/brad.crypto');
    expect(fixture.status).toBe(200);
    expect(fixture.body.meta).toMatchObject({
      domain: 'brad.crypto',
      blockchain: 'ETH',
      networkId: 1,
      owner: getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'),
      reverse: false,
      registry: chains.networks.find((network) => network.blockchain === 'ETH')?.registry,
    });
    expect(fixture.body.records['crypto.BTC.address']).toBe('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    expect((await get('/resolve/domains/BRAD.crypto')).body.meta.domain).toBe('brad.crypto');
    for (const name of ['nobody-here.crypto', 'brad.notatld', 'not a name', '-bad-.crypto', '%E2%98%83.crypto']) {
      const answer = await get(`/resolve/domains/${name}`);
      expect(answer.status).toBe(200);
      expect(answer.body.records).toEqual({});
      expect(answer.body.meta.owner).toBeNull();
      expect(answer.body.meta.registry).toBeNull();
    }
    expect(await get('/resolve/domains/brad.crypto', null)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    expect(await get('/resolve/domains/brad.crypto', 'Bearer svc_res_' + '0'.repeat(64))).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    const tlds = await get('/resolve/supported_tlds', null);
    expect(tlds.status).toBe(200);
    expect(tlds.body.meta.crypto).toEqual({ namingService: 'UNS', registrationBlockchain: 'MATIC' });
    expect(tlds.body.meta.base).toEqual({ namingService: 'UNS', registrationBlockchain: 'BASE' });
    const status = await get('/resolve/status', null);
    expect(status.body.blockchains.ETH.latestIndexedBlock).toBeGreaterThan(0);
  });

  it('resolves an IDN by either form and answers both', async () => {
    const unicode = `пример${randomBytes(3).toString('hex')}.crypto`;
    const aLabel = domainNameForms(unicode)?.name as string;
    expect(aLabel).toMatch(/^xn--/);
    const owner = newWallet();
    await writer.mint(`mint-${aLabel}`, 'MATIC', aLabel, owner.address, { 'ipfs.html.value': 'QmIdn' });
    await subject.settled();
    for (const asked of [encodeURIComponent(unicode), aLabel, encodeURIComponent(unicode.toUpperCase())]) {
      const answer = await get(`/resolve/domains/${asked}`);
      expect(answer.body).toEqual({
        meta: expect.objectContaining({ domain: aLabel, unicodeDomain: unicode, owner: getAddress(owner.address) }),
        records: { 'ipfs.html.value': 'QmIdn' },
      });
    }
    const listed = await get(`/resolve/domains?owners=${owner.address}`);
    expect(listed.body.data).toEqual([
      {
        id: aLabel,
        attributes: expect.objectContaining({
          meta: expect.objectContaining({ domain: aLabel, unicodeDomain: unicode }),
        }),
      },
    ]);
  });

  it('agrees with the published client reading the chains, through mint, merge, reset, transfers and return', async () => {
    const name = `${unique()}.crypto`;
    const [first, second, third] = [newWallet(), newWallet(), newWallet()];
    const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    await writer.mint(`mint-${name}`, 'MATIC', name, first.address, {
      'crypto.ETH.address': first.address,
      'crypto.BTC.address': btc,
    });
    await agree(name, {
      owner: first.address,
      records: { 'crypto.ETH.address': first.address, 'crypto.BTC.address': btc },
    });

    await writer.actAsOwner(`merge-${name}`, 'MATIC', name, first.signer, {
      kind: 'SET_RECORDS',
      records: { 'ipfs.html.value': 'QmMerged', 'crypto.ETH.address': second.address },
      reset: false,
    });
    await agree(name, {
      owner: first.address,
      records: { 'crypto.ETH.address': second.address, 'crypto.BTC.address': btc, 'ipfs.html.value': 'QmMerged' },
    });

    await writer.actAsOwner(`reset-${name}`, 'MATIC', name, first.signer, {
      kind: 'SET_RECORDS',
      records: { 'crypto.ETH.address': first.address },
      reset: true,
    });
    await agree(name, { owner: first.address, records: { 'crypto.ETH.address': first.address } });

    await writer.actAsOwner(`keep-${name}`, 'MATIC', name, first.signer, {
      kind: 'TRANSFER',
      to: second.address,
      resetRecords: false,
    });
    await agree(name, { owner: second.address, records: { 'crypto.ETH.address': first.address } });

    await writer.actAsOwner(`reset-transfer-${name}`, 'MATIC', name, second.signer, {
      kind: 'TRANSFER',
      to: third.address,
      resetRecords: true,
    });
    await agree(name, { owner: third.address, records: {} });

    await writer.actAsOwner(`return-${name}`, 'MATIC', name, third.signer, {
      kind: 'TRANSFER',
      to: reader.serviceAddress(),
      resetRecords: true,
    });
    await agree(name, { owner: reader.serviceAddress(), records: {} });

    const onBase = `${unique()}.base`;
    await writer.mint(`mint-${onBase}`, 'BASE', onBase, first.address, { 'crypto.ETH.address': first.address });
    await agree(onBase, { owner: first.address, records: { 'crypto.ETH.address': first.address } });
    expect((await get(`/resolve/domains/${onBase}`)).body.meta).toMatchObject({ blockchain: 'BASE', networkId: 8453 });

    await agree('brad.crypto', {
      owner: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
      records: {
        'crypto.ETH.address': '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
        'crypto.BTC.address': 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
        'ipfs.html.value': 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG',
      },
    });
    const nobody = `${unique()}.crypto`;
    expect(await viaApi.owner(nobody)).toEqual(await viaChain.owner(nobody));
  });

  it('shows changes an owner makes on the chain behind the service, reverse resolution included', async () => {
    const name = `${unique()}.wallet`;
    const owner = newWallet();
    await writer.mint(`mint-${name}`, 'MATIC', name, owner.address, {});
    const { send } = await ownerOnMatic(owner);
    await send('set', ['social.picture.value', 'https://example.org/me.png', BigInt(tokenIdOf(name))]);
    await send('setReverse', [name.split('.')]);
    await agree(name, { owner: owner.address, records: { 'social.picture.value': 'https://example.org/me.png' } });
    expect((await get(`/resolve/domains/${name}`)).body.meta.reverse).toBe(true);
    await send('removeReverse', []);
    await subject.settled();
    expect((await get(`/resolve/domains/${name}`)).body.meta.reverse).toBe(false);
  });

  it("serves an address's primary domain as the registry's reverse mapping says, one address or many", async () => {
    const [first, second] = [`${unique()}.wallet`, `${unique()}.wallet`];
    const owner = newWallet();
    const bystander = newWallet();
    for (const name of [first, second]) await writer.mint(`mint-${name}`, 'MATIC', name, owner.address, {});
    const { wallet, send } = await ownerOnMatic(owner);
    const reverseOf = async (address: string) => {
      await subject.settled();
      const one = await get(`/resolve/reverse/${address}`);
      expect(one.status).toBe(200);
      return one.body.data.map((domain: { meta: { domain: string } }) => domain.meta.domain);
    };
    // what the chain says, read by the published client from the chain itself (the token: naming it needs a
    // metadata service the local chains do not have); an address without a UNS reverse falls through to ENS, absent
    const onChain = async (address: string) => {
      const tokenId = await viaChain.client.reverseTokenId(address).catch(() => null);
      return tokenId === null ? null : `0x${BigInt(tokenId).toString(16).padStart(64, '0')}`;
    };

    expect(await reverseOf(owner.address)).toEqual([]);
    await send('setReverse', [first.split('.')]);
    expect(await reverseOf(owner.address)).toEqual([first]);
    expect(await onChain(owner.address)).toBe(tokenIdOf(first));
    // a second primary domain replaces the first, which is no longer anyone's reverse
    await send('setReverse', [second.split('.')]);
    expect(await reverseOf(owner.address.toUpperCase().replace('0X', '0x'))).toEqual([second]);
    expect(await onChain(owner.address)).toBe(tokenIdOf(second));
    expect((await get(`/resolve/domains/${first}`)).body.meta.reverse).toBe(false);
    expect((await get(`/resolve/domains/${second}`)).body.meta).toMatchObject({ type: 'Uns', reverse: true });

    const many = await subject.app.inject({
      method: 'POST',
      url: '/resolve/reverse/query',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: { addresses: [bystander.address, owner.address, owner.address.toLowerCase()] },
    });
    expect(many.statusCode).toBe(200);
    expect(many.json()).toMatchObject({ data: [{ meta: { domain: second, reverse: true } }], meta: {} });

    await send('removeReverse', []);
    expect(await reverseOf(owner.address)).toEqual([]);
    expect(await onChain(owner.address)).toBe(null);
    expect((await get('/resolve/reverse/0x123')).status).toBe(400);
    expect((await get(`/resolve/reverse/${owner.address}`, null)).status).toBe(401);

    // the last transfer of each: its mint, then a transfer the owner makes on chain
    const minted = (await get(`/resolve/domains/${first}/transfers/latest`)).body.data;
    expect(minted).toEqual([
      expect.objectContaining({
        domain: first,
        from: '0x0000000000000000000000000000000000000000',
        to: getAddress(owner.address),
        blockchain: 'MATIC',
        networkId: chains.networks.find((network) => network.blockchain === 'MATIC')?.chainId,
      }),
    ]);
    // the address's domains, by token id, paged by `next`; and many names' records at once
    const owned = [first, second].sort((a, b) => tokenIdOf(a).localeCompare(tokenIdOf(b)));
    const listed = await get(`/resolve/owners/${owner.address}/domains`);
    expect(listed.body.data.map((domain: { meta: { domain: string } }) => domain.meta.domain)).toEqual(owned);
    expect(listed.body.next).toBeNull();
    const after = await get(`/resolve/owners/${owner.address}/domains?cursor=${tokenIdOf(owned[0])}`);
    expect(after.body.data.map((domain: { meta: { domain: string } }) => domain.meta.domain)).toEqual([owned[1]]);
    expect((await get(`/resolve/owners/${bystander.address}/domains`)).body).toEqual({ data: [], next: null });
    await send('set', ['crypto.ETH.address', owner.address, BigInt(tokenIdOf(first))]);
    await send('set', ['ipfs.html.value', 'QmFirst', BigInt(tokenIdOf(first))]);
    await subject.settled();
    const records = await get(
      `/resolve/records?domains=${first}&domains=${second}&domains=nobody-${unique()}.crypto&key=crypto.ETH.address`,
    );
    expect(records.status).toBe(200);
    expect(records.body.data).toEqual([
      { domain: first, records: { 'crypto.ETH.address': owner.address } },
      { domain: second, records: {} },
      { domain: expect.stringMatching(/^nobody-/), records: {} },
    ]);
    const everything = await get(`/resolve/records?domains=${first}`);
    expect(everything.body.data[0].records).toEqual({
      'crypto.ETH.address': owner.address,
      'ipfs.html.value': 'QmFirst',
    });
    expect(
      (await get(`/resolve/records?${Array.from({ length: 51 }, (_, n) => `domains=n${n}.crypto`).join('&')}`)).status,
    ).toBe(400);

    await send('transferFrom', [owner.address, bystander.address, BigInt(tokenIdOf(second))]);
    await subject.settled();
    const moved = (await get(`/resolve/domains/${second}/transfers/latest`)).body.data[0];
    const receipt = await wallet.getTransactionReceipt({ hash: moved.transactionHash });
    expect(moved).toMatchObject({ from: getAddress(owner.address), to: getAddress(bystander.address) });
    expect(moved.blockNumber).toBe(Number(receipt.blockNumber));
    expect((await get(`/resolve/owners/${bystander.address}/domains`)).body.data[0].meta.domain).toBe(second);
    expect((await get(`/resolve/domains/nobody-${unique()}.crypto/transfers/latest`)).body).toEqual({ data: [] });
  });

  it('filters by owners, record values and endings together, and refuses bad filters with 400 VALIDATION', async () => {
    const [alice, bob] = [newWallet(), newWallet()];
    const names = {
      a1: `${unique()}.crypto`,
      a2: `${unique()}.wallet`,
      a3: `${unique()}.crypto`,
      b1: `${unique()}.crypto`,
    };
    await writer.mint('f-a1', 'MATIC', names.a1, alice.address, {
      'crypto.ETH.address': alice.address,
      'ipfs.html.value': 'QmShared',
    });
    await writer.mint('f-a2', 'MATIC', names.a2, alice.address, { 'ipfs.html.value': 'QmShared' });
    await writer.mint('f-a3', 'MATIC', names.a3, alice.address, {});
    await writer.mint('f-b1', 'MATIC', names.b1, bob.address, { 'ipfs.html.value': 'QmShared' });
    await subject.settled();
    const ids = async (query: string) => {
      const answer = await get(`/resolve/domains?${query}`);
      expect(answer.status).toBe(200);
      return (answer.body.data as { id: string }[]).map((item) => item.id).sort();
    };
    expect(await ids(`owners=${alice.address}`)).toEqual([names.a1, names.a2, names.a3].sort());
    expect(await ids(`owners=${getAddress(alice.address)}&owners=${bob.address}`)).toHaveLength(4);
    expect(await ids(`owners=${alice.address}&resolution[ipfs.html.value]=QmShared`)).toEqual(
      [names.a1, names.a2].sort(),
    );
    expect(await ids(`owners=${alice.address}&resolution[ipfs.html.value]=QmShared&tlds=crypto`)).toEqual([names.a1]);
    expect(await ids(`resolution[ipfs.html.value]=QmShared&resolution[crypto.ETH.address]=${alice.address}`)).toEqual([
      names.a1,
    ]);
    expect(await ids(`owners=${bob.address}&tlds=wallet`)).toEqual([]);
    const unsorted = await get(`/resolve/domains?owners=${alice.address}`);
    expect(unsorted.body.meta).toEqual({
      perPage: 100,
      nextStartingAfter: expect.any(String),
      sortBy: 'id',
      sortDirection: 'ASC',
      hasMore: false,
    });
    expect(unsorted.body.data[0].attributes.meta.owner).toBe(getAddress(alice.address));

    const bad = [
      '',
      'tlds=crypto',
      'owners=not-an-address',
      `owners=${alice.address}&tlds=com`,
      'resolution[no.such.key]=x',
      `owners=${alice.address}&perPage=0`,
      `owners=${alice.address}&perPage=201`,
      `owners=${alice.address}&perPage=abc`,
      `owners=${alice.address}&perPage=1.5`,
      `owners=${alice.address}&sortBy=age`,
      `owners=${alice.address}&sortDirection=up`,
      `owners=${alice.address}&sortBy=name&sortBy=id`,
      `owners=${alice.address}&startingAfter=nope`,
      `owners=${alice.address}&sortBy=created_at&startingAfter=yesterday|a.crypto`,
      `owners=${alice.address}&sortBy=name&startingAfter=${'0x' + 'a'.repeat(64)}`,
      `owners=${alice.address}&colour=blue`,
      'resolution[ipfs.html.value]=',
      `owners=${'f'.repeat(6000)}`,
      `owners=${alice.address}&tlds=${'x'.repeat(6000)}`,
      `resolution[${'k'.repeat(6000)}]=v`,
    ];
    for (const query of bad) {
      const answer = await get(`/resolve/domains?${query}`);
      expect([query, answer.status, answer.body.code]).toEqual([query, 400, 'VALIDATION']);
      expect(answer.body.errors.length).toBeGreaterThan(0);
      // a value the client sent is named, never echoed whole
      expect(JSON.stringify(answer.body).length).toBeLessThan(600);
    }
  });

  it('walks every page of each sort once while 200 domains are minted at the same time', async () => {
    const owner = newWallet();
    const before = Array.from({ length: 30 }, (_, index) => `${unique()}.${index % 2 === 0 ? 'crypto' : 'wallet'}`);
    await Promise.all(before.map((name) => writer.mint(`before-${name}`, 'MATIC', name, owner.address, {})));
    await subject.settled();

    let minted = 0;
    const waiting: (() => void)[] = [];
    const nextMint = () => new Promise<void>((resolve) => waiting.push(resolve));
    const during = Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const name = `${unique()}.${index % 2 === 0 ? 'crypto' : 'wallet'}`;
        await writer.mint(`during-${name}`, 'MATIC', name, owner.address, {});
        minted += 1;
        waiting.splice(0).forEach((resolve) => resolve());
      }),
    );

    const walk = async (sortBy: string, sortDirection: string) => {
      const seen: { id: string; meta: { tokenId: string; domain: string } }[] = [];
      let cursor: string | null = null;
      for (;;) {
        const after: string = cursor ? `&startingAfter=${encodeURIComponent(cursor)}` : '';
        const page = await get(
          `/resolve/domains?owners=${owner.address}&perPage=7&sortBy=${sortBy}&sortDirection=${sortDirection}${after}`,
        );
        expect(page.status).toBe(200);
        seen.push(
          ...page.body.data.map((item: { id: string; attributes: { meta: { tokenId: string; domain: string } } }) => ({
            id: item.id,
            meta: item.attributes.meta,
          })),
        );
        if (!page.body.meta.hasMore) return seen;
        cursor = page.body.meta.nextStartingAfter;
        if (minted < 200) await nextMint(); // let the chain and the read model move between pages
      }
    };
    for (const sortBy of ['id', 'name', 'created_at']) {
      for (const direction of ['ASC', 'DESC']) {
        const seen = await walk(sortBy, direction);
        const names = seen.map((item) => item.id);
        expect(new Set(names).size).toBe(names.length); // nothing twice
        for (const name of before)
          expect([sortBy, direction, name, names.filter((seenName) => seenName === name).length]).toEqual([
            sortBy,
            direction,
            name,
            1,
          ]);
        if (sortBy !== 'created_at') {
          const keys = seen.map((item) => (sortBy === 'id' ? BigInt(item.meta.tokenId) : item.id));
          const ordered = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(keys).toEqual(direction === 'ASC' ? ordered : ordered.reverse());
        }
      }
    }
    await during;
    await subject.settled();
    const all = await get(`/resolve/domains?owners=${owner.address}&perPage=200`);
    expect(all.body.data.length + (all.body.meta.hasMore ? 1 : 0)).toBeGreaterThanOrEqual(200);
  });
});
