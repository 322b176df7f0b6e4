import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { ChainReader } from '../../src/application/chains/chain-reader.port';
import { ChainWriter } from '../../src/application/chains/chain-writer.port';
import { Address } from '../../src/domain/chains/blockchain';
import { newWallet, resolutionKeyOf } from '../support/chain-actors';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import {
  custodialWalletOf,
  FINISHED,
  newWeb3Partner,
  pollOperation,
  Reply,
  Web3Partner,
} from '../support/web3-partner';

/**
 * Surface C's self-custody wallets (`/external/wallets`), primary domains set through C as surface E's reverse
 * resolution shows them, and the owner search (`/search/owners/domains`), against local chains.
 */
describe('web3 partner API (surface C): external wallets, primary domains and owner search', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let reader: ChainReader;
  let writer: ChainWriter;
  let partner: Web3Partner;
  let wallet: Address;
  let resolutionKey: string;
  beforeAll(async () => {
    chains = await startTestChains('ETH,MATIC');
    subject = await createTestApp({ chains, env: chains.env });
    reader = subject.app.get(ChainReader);
    writer = subject.app.get(ChainWriter);
    partner = await newWeb3Partner(subject);
    wallet = (await custodialWalletOf(partner)) as Address;
    resolutionKey = await resolutionKeyOf(subject.app);
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const fresh = () => `w${randomBytes(5).toString('hex')}.crypto`;
  const inTokenOrder = (tokenIds: bigint[]) =>
    tokenIds.every((tokenId, index) => index === 0 || tokenIds[index - 1] < tokenId);
  /** The operation a request started, polled as a client does, until it finished or waits for a signature. */
  const polled = (reply: Reply, until = [...FINISHED, 'SIGNATURE_REQUIRED']) => {
    if (reply.status >= 300) throw new Error(JSON.stringify(reply.body));
    return pollOperation(partner, reply.body.operation.id, until);
  };
  const onE = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await subject.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${resolutionKey}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  /** The primary domain of an address as each of E's reverse routes shows it (null: none). */
  const reverseOnE = async (address: string) => {
    const [one, many] = await Promise.all([
      onE('GET', `/resolve/reverse/${address}`),
      onE('POST', '/resolve/reverse/query', { addresses: [address] }),
    ]);
    const domainOf = (body: { data: { meta: { domain: string; reverse: boolean } }[] }) => {
      expect(body.data.every((item) => item.meta.reverse)).toBe(true);
      return body.data.map((item) => item.meta.domain);
    };
    return { one: domainOf(one.body), many: domainOf(many.body) };
  };
  const sign = (op: { id: string; dependencies: { id: string }[] }, signature: string) =>
    partner.call('PATCH', `/operations/${op.id}/dependencies/${op.dependencies[0].id}`, {
      transaction: { signature },
    });

  /** A self-custody wallet verified into the partner's account. */
  const verifiedOwner = async (by: Web3Partner = partner) => {
    const owner = newWallet();
    const message = (await by.call('GET', `/account/wallets/${owner.address}/verification`)).body.message as string;
    await by.operation(
      (
        await by.call('POST', `/account/wallets/${owner.address}/verification`, {
          signature: await owner.account.signMessage({ message }),
          message,
        })
      ).body.operation.id,
    );
    return owner;
  };

  it("sets a custodial wallet's primary domain and clears it; E's reverse routes show each as the operation completes", async () => {
    const names = [fresh(), fresh()];
    for (const name of names) await polled(await partner.call('POST', '/domains', { name }));
    for (const name of names) {
      const set = await polled(await partner.call('PATCH', `/account/wallets/${wallet}`, { primaryDomain: name }));
      expect(set).toMatchObject({ type: 'WALLET_UPDATE', status: 'COMPLETED' });
      expect(await reverseOnE(wallet)).toEqual({ one: [name], many: [name] });
      expect(await reader.reverseNameOf('MATIC', wallet)).toBe(name);
      // the name it replaced is no one's primary domain any more
      const other = names.find((candidate) => candidate !== name) as string;
      expect((await onE('GET', `/resolve/domains/${other}`)).body.meta.reverse).toBe(false);
    }
    const cleared = await polled(await partner.call('PATCH', `/account/wallets/${wallet}`, { primaryDomain: null }));
    expect(cleared.status).toBe('COMPLETED');
    expect(await reverseOnE(wallet)).toEqual({ one: [], many: [] });
    expect(await reader.reverseNameOf('MATIC', wallet)).toBeNull();
  });

  it('lists and shows only the verified self-custody wallets of the account, with their primary domain when asked', async () => {
    const other = await newWeb3Partner(subject, 'Another web3 partner');
    expect((await other.call('GET', '/external/wallets')).body).toMatchObject({ items: [], next: { $cursor: null } });
    const owner = await verifiedOwner(other);

    const list = await other.call('GET', '/external/wallets');
    expect(list).toMatchObject({ status: 200, body: { next: { $cursor: null } } });
    expect(list.body.items).toEqual([
      { '@type': 'domain-engine/partner.v3.WalletMinimal', address: owner.address, type: 'EXTERNAL' },
    ]);
    expect((await other.call('GET', '/external/wallets?$expand=primarydomain')).body.items).toEqual([
      {
        '@type': 'domain-engine/partner.v3.WalletMinimal',
        address: owner.address,
        type: 'EXTERNAL',
        primaryDomain: null,
      },
    ]);
    expect((await other.call('GET', '/external/wallets?type=SELF')).body.items).toEqual([]);
    expect((await other.call('GET', '/external/wallets?type=EXTERNAL&type=SELF')).body.items).toHaveLength(1);
    expect(
      (await other.call('GET', `/external/wallets/${owner.address.toUpperCase().replace('0X', '0x')}`)).body,
    ).toEqual({
      '@type': 'domain-engine/partner.v3.WalletMinimal',
      address: owner.address,
      type: 'EXTERNAL',
    });

    // the partner's own custodial wallet is /account/wallets'; the other account's wallet is not found, as no wallet is
    const custodial = await partner.call('GET', `/external/wallets/${wallet}`);
    const foreign = await partner.call('GET', `/external/wallets/${owner.address}`);
    const unknown = await partner.call('GET', `/external/wallets/${newWallet().address}`);
    for (const reply of [custodial, foreign, unknown])
      expect(reply).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await partner.call('GET', '/external/wallets')).body.items).toEqual([]);
    expect((await partner.call('PATCH', `/external/wallets/${owner.address}`, { primaryDomain: null })).status).toBe(
      404,
    );
    expect((await partner.call('PATCH', `/external/wallets/${wallet}`, { primaryDomain: null })).status).toBe(404);
  });

  it("pages the account's wallets by cursors that a wallet made meanwhile never moves", async () => {
    const holder = await newWeb3Partner(subject, 'A partner of many wallets');
    const owners: string[] = [];
    for (let count = 0; count < 51; count++) owners.push((await verifiedOwner(holder)).address);
    const pageOf = async (path: string) => {
      const page = (await holder.call('GET', path)).body;
      return { addresses: page.items.map((item: { address: string }) => item.address), next: page.next.$cursor };
    };
    const first = await pageOf('/account/wallets');
    expect(first.addresses).toEqual(owners.slice(0, 50));
    // a custodial wallet comes before the external ones in the list's order: made now, it is behind the cursor
    await custodialWalletOf(holder);
    const second = await pageOf(`/account/wallets?$cursor=${first.next}`);
    expect(second).toEqual({ addresses: owners.slice(50), next: null });

    const external = await pageOf('/external/wallets');
    const rest = await pageOf(`/external/wallets?$cursor=${external.next}`);
    expect([...external.addresses, ...rest.addresses]).toEqual(owners);
    expect(rest.next).toBeNull();
  });

  it("sets and clears a self-custody wallet's primary domain with the owner's signature; E shows each when it completes", async () => {
    const owner = await verifiedOwner();
    const name = fresh();
    await polled(await partner.call('POST', '/domains', { name, owner: { type: 'EXTERNAL', address: owner.address } }));
    const notHeld = fresh();
    await polled(await partner.call('POST', '/domains', { name: notHeld }));
    expect(
      (await partner.call('PATCH', `/external/wallets/${owner.address}`, { primaryDomain: notHeld })).body,
    ).toMatchObject({ code: 'FORBIDDEN' });

    const waiting = await polled(
      await partner.call('PATCH', `/external/wallets/${owner.address}`, { primaryDomain: name }),
    );
    expect(waiting).toMatchObject({
      type: 'WALLET_UPDATE',
      status: 'SIGNATURE_REQUIRED',
      dependencies: [
        {
          type: 'SET_REVERSE',
          status: 'SIGNATURE_REQUIRED',
          parameters: { address: owner.address, primaryDomain: name },
          transaction: { blockchain: 'MATIC', messageToSign: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
        },
      ],
    });
    expect(await reverseOnE(owner.address)).toEqual({ one: [], many: [] });
    const stranger = await newWallet().signer.signRaw(waiting.dependencies[0].transaction.messageToSign);
    expect((await sign(waiting, stranger)).body.code).toBe('SIGNATURE_INVALID');

    const signed = await sign(waiting, await owner.signer.signRaw(waiting.dependencies[0].transaction.messageToSign));
    expect(signed.status).toBe(200);
    expect((await polled({ status: 200, body: { operation: waiting } }, FINISHED)).status).toBe('COMPLETED');
    expect(await reverseOnE(owner.address)).toEqual({ one: [name], many: [name] });
    expect(await reader.reverseNameOf('MATIC', owner.address)).toBe(name);
    expect((await partner.call('GET', `/external/wallets/${owner.address}?$expand=primaryDomain`)).body).toMatchObject({
      primaryDomain: name,
    });
    expect((await partner.call('GET', '/external/wallets?$expand=primarydomain')).body.items).toContainEqual(
      expect.objectContaining({ address: owner.address, primaryDomain: name }),
    );

    const clearing = await polled(
      await partner.call('PATCH', `/external/wallets/${owner.address}`, { primaryDomain: null }),
    );
    expect(clearing.status).toBe('SIGNATURE_REQUIRED');
    await sign(clearing, await owner.signer.signRaw(clearing.dependencies[0].transaction.messageToSign));
    expect((await polled({ status: 200, body: { operation: clearing } }, FINISHED)).status).toBe('COMPLETED');
    expect(await reverseOnE(owner.address)).toEqual({ one: [], many: [] });
    expect(await reader.reverseNameOf('MATIC', owner.address)).toBeNull();
    expect(
      (await partner.call('GET', `/external/wallets/${owner.address}?$expand=primaryDomain`)).body.primaryDomain,
    ).toBeNull();
    expect((await partner.call('PATCH', `/external/wallets/${owner.address}`, { primaryDomain: null })).body.code).toBe(
      'NO_CHANGE',
    );
  });

  it("searches the domains of several owners, the account's wallets or not, page by page in token id order", async () => {
    const outsider = newWallet().address;
    const ownNames = Array.from({ length: 30 }, () => fresh());
    const outsiderNames = Array.from({ length: 25 }, () => fresh());
    await Promise.all([
      ...ownNames.map((name) => writer.mint(`search-${name}`, 'MATIC', name, wallet, { 'ipfs.html.value': name })),
      ...outsiderNames.map((name) => writer.mint(`search-${name}`, 'MATIC', name, outsider, {})),
    ]);
    await subject.settled();

    const items: {
      name: string;
      owner: { type: string; address: string };
      records: unknown;
      registration: { tokenId: string };
    }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `owner.address=${wallet}&owner.address=${getAddress(outsider)}&$expand=records&$expand=registration${
        cursor ? `&$cursor=${cursor}` : ''
      }`;
      const page: Reply = await partner.call('GET', `/search/owners/domains?${query}`);
      expect(page.status).toBe(200);
      expect(page.body['@type']).toBe('domain-engine/partner.v3.CursorList');
      items.push(...page.body.items);
      cursor = page.body.next.$cursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(2);

    const minted = new Set([...ownNames, ...outsiderNames]);
    const found = items.filter((item) => minted.has(item.name));
    expect(found.map((item) => item.name).sort()).toEqual([...minted].sort());
    expect(new Set(items.map((item) => item.name)).size).toBe(items.length);
    expect(inTokenOrder(items.map((item) => BigInt(item.registration.tokenId)))).toBe(true);
    for (const item of found) {
      expect(item).toMatchObject({ '@type': 'domain-engine/partner.v3.DomainMinimal', blockchain: 'MATIC' });
      if (ownNames.includes(item.name)) {
        expect(item.owner).toEqual({ type: 'SELF', address: wallet });
        expect(item.records).toEqual({ 'ipfs.html.value': item.name });
      } else expect(item.owner).toEqual({ type: 'EXTERNAL', address: outsider });
    }

    const one = await partner.call('GET', `/search/owners/domains?owner.address=${outsider}&$expand=registration`);
    expect(one.body.items.map((item: { name: string }) => item.name).sort()).toEqual([...outsiderNames].sort());
    expect(
      inTokenOrder(
        one.body.items.map((item: { registration: { tokenId: string } }) => BigInt(item.registration.tokenId)),
      ),
    ).toBe(true);
    expect(one.body.items[0].records).toBeNull();
  });

  it('refuses an owner search without owners, over 50 owners, or with a malformed address', async () => {
    const many = Array.from({ length: 51 }, () => `owner.address=${newWallet().address}`).join('&');
    expect((await partner.call('GET', '/search/owners/domains')).body.code).toBe('VALIDATION');
    expect((await partner.call('GET', `/search/owners/domains?${many}`)).body.code).toBe('EXCEEDS_LIMIT');
    expect((await partner.call('GET', '/search/owners/domains?owner.address=0x123')).body.code).toBe('VALIDATION');
    expect((await partner.call('GET', `/search/owners/domains?owner.address=${wallet}&$expand=history`)).status).toBe(
      400,
    );
  });
});
