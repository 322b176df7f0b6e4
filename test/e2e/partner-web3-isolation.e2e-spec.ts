import { randomBytes } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { ChainReader } from '../../src/application/chains/chain-reader.port';
import { IssueCredential } from '../../src/application/identity/issue-credential.command';
import { OpenAccount } from '../../src/application/identity/open-account.command';
import { routeCatalog } from '../../src/interfaces/http/shared/route-catalog';
import { newWallet } from '../support/chain-actors';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import { newWeb3Partner, Reply, Web3Partner } from '../support/web3-partner';

/**
 * Surface C keeps partners apart (`decisions.md` §3: an account acts only on domains its own wallets hold): partner B
 * neither sees nor touches partner A's operations, domain, wallet, webhooks or billing; other credentials are
 * refused before any of it. A's domain is where A left it afterwards.
 */
describe('web3 partner API (surface C): isolation between partners', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let a: Web3Partner;
  let b: Web3Partner;
  let resellerKey: string;
  const name = `p${randomBytes(5).toString('hex')}.crypto`;
  const records = { 'ipfs.html.value': 'QmPartnerA' };
  let aWallet: string;
  let bWallet: string;
  let aWebhook: string;
  // every operation of A: wallet creation, claim, webhook registration
  let aOperations: { id: string; dependencies: { id: string }[] }[];

  const finished = async (partner: Web3Partner, reply: Reply) => {
    expect(reply.status).toBeLessThan(300);
    const op = await partner.operation(reply.body.operation.id);
    expect(op.status).toBe('COMPLETED');
    return op;
  };
  const newWalletOf = async (partner: Web3Partner): Promise<string> =>
    (await finished(partner, await partner.call('POST', '/account/wallets', {}))).dependencies[0].result.address;

  beforeAll(async () => {
    chains = await startTestChains('ETH,MATIC');
    subject = await createTestApp({ chains, env: chains.env });
    a = await newWeb3Partner(subject, 'Partner A');
    b = await newWeb3Partner(subject, 'Partner B');
    const commands = subject.app.get(CommandBus);
    const { accountId } = await commands.execute(
      new OpenAccount({ kind: 'partner', profile: 'reseller', name: 'Reseller' }),
    );
    resellerKey = (await commands.execute(new IssueCredential(accountId, 'partner_key'))).secret;

    const walletOp = await finished(a, await a.call('POST', '/account/wallets', {}));
    aWallet = walletOp.dependencies[0].result.address;
    const claimOp = await finished(a, await a.call('POST', '/domains', { name, records }));
    const webhookOp = await finished(
      a,
      await a.call('POST', '/account/webhooks', { url: 'https://example.com/hook', type: 'OPERATION_FINISHED' }),
    );
    aWebhook = webhookOp.dependencies[0].parameters.id;
    aOperations = [walletOp, claimOp, webhookOp];

    // B is a partner like A: a wallet and a webhook of its own
    bWallet = await newWalletOf(b);
    await finished(
      b,
      await b.call('POST', '/account/webhooks', {
        url: 'https://example.com/b-hook',
        type: 'OPERATION_ACTION_REQUIRED',
      }),
    );
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const refused = (reply: Reply, status: number, code: string) =>
    expect({ status: reply.status, code: reply.body?.code }).toEqual({ status, code });
  const signature = `0x${'ab'.repeat(65)}`;

  it('sets the stage: A holds the domain in its wallet, with a webhook', async () => {
    expect(aWallet).toMatch(/^0x[0-9a-f]{40}$/);
    expect(bWallet).not.toBe(aWallet);
    expect(aWebhook).toMatch(/^wh-/);
    expect((await a.call('GET', `/domains/${name}`)).body.owner).toEqual({ type: 'SELF', address: aWallet });
  });

  it("B cannot read A's operations, nor find them in its list", async () => {
    for (const op of aOperations) refused(await b.call('GET', `/operations/${op.id}`), 404, 'NOT_FOUND');
    const listed = await b.call('GET', '/operations');
    expect(listed.status).toBe(200);
    const ids = listed.body.items.map((op: { id: string }) => op.id);
    for (const op of aOperations) expect(ids).not.toContain(op.id);
    expect((await b.call('GET', `/operations?domain=${name}`)).body.items).toEqual([]);
    expect((await b.call('GET', '/operations?type=DOMAIN_CLAIM')).body.items).toEqual([]);
  });

  it("B cannot sign A's dependencies", async () => {
    for (const op of aOperations) {
      for (const dependency of op.dependencies) {
        refused(
          await b.call('PATCH', `/operations/${op.id}/dependencies/${dependency.id}`, { transaction: { signature } }),
          404,
          'NOT_FOUND',
        );
      }
    }
  });

  it("B sees A's domain as someone else's, and cannot claim it", async () => {
    const seen = await b.call('GET', `/domains/${name}`);
    expect(seen.body).toMatchObject({
      name,
      owner: { type: 'EXTERNAL', address: aWallet },
      availability: { status: 'REGISTERED' },
    });
    expect((await b.call('GET', `/domains/${name}/pending-operations`)).body.items).toEqual([]);
    const held = await b.call('GET', `/owners/${aWallet}/domains`);
    expect(held.body.items).toEqual([expect.objectContaining({ name, owner: { type: 'EXTERNAL', address: aWallet } })]);
    refused(await b.call('POST', '/domains', { name }), 409, 'NOT_AVAILABLE');
    refused(
      await b.call('POST', '/domains?$preview=true', { name, owner: { type: 'SELF', address: bWallet } }),
      409,
      'NOT_AVAILABLE',
    );
  });

  it.each([
    ['PATCH records', 'PATCH', '', { records: { 'ipfs.html.value': 'QmPartnerB' } }],
    ['PATCH records, preview', 'PATCH', '?$preview=true', { records: { 'ipfs.html.value': 'QmPartnerB' } }],
    ['PUT records', 'PUT', '', { records: {} }],
    ['PUT records, preview', 'PUT', '?$preview=true', { records: { 'ipfs.html.value': 'QmPartnerB' } }],
    ['DELETE (return)', 'DELETE', '', undefined],
    ['DELETE (return), preview', 'DELETE', '?$preview=true', undefined],
    ['move to an external owner', 'PATCH', '', { owner: { type: 'EXTERNAL', address: newWallet().address } }],
    ["move to B's own wallet", 'PATCH', '', { owner: { type: 'SELF', address: '<B>' } }],
    ["move to B's own wallet with PUT", 'PUT', '', { owner: { type: 'SELF', address: '<B>' } }],
  ] as const)("B cannot %s A's domain: 403 FORBIDDEN", async (_what, method, query, body) => {
    const payload =
      body && 'owner' in body && body.owner.address === '<B>' ? { owner: { ...body.owner, address: bWallet } } : body;
    refused(await b.call(method, `/domains/${name}${query}`, payload), 403, 'FORBIDDEN');
  });

  it("B cannot act on A's domain through the self-custody routes either", async () => {
    for (const method of ['PATCH', 'PUT'] as const) {
      const reply = await b.call(method, `/external/domains/${name}`, { records: { 'ipfs.html.value': 'QmPartnerB' } });
      expect(reply.status).toBe(403);
      expect(['FORBIDDEN', 'WALLET_VERIFICATION_REQUIRED']).toContain(reply.body.code);
    }
  });

  it("B cannot read A's wallet, make it its default, or set its primary domain", async () => {
    refused(await b.call('GET', `/account/wallets/${aWallet}`), 404, 'NOT_FOUND');
    refused(await b.call('PATCH', `/account/wallets/${aWallet}`, { primaryDomain: name }), 404, 'NOT_FOUND');
    refused(await b.call('PATCH', `/account/wallets/${aWallet}`, { primaryDomain: null }), 404, 'NOT_FOUND');
    refused(await b.call('PATCH', '/account', { defaultWalletAddress: aWallet }), 404, 'NOT_FOUND');
    const wallets = await b.call('GET', '/account/wallets');
    expect(wallets.body.items.map((wallet: { address: string }) => wallet.address)).toEqual([bWallet]);
    // nor make A's domain the primary domain of its own wallet
    refused(await b.call('PATCH', `/account/wallets/${bWallet}`, { primaryDomain: name }), 403, 'FORBIDDEN');
  });

  it("B cannot read or delete A's webhook, nor see it in its list", async () => {
    refused(await b.call('GET', `/account/webhooks/${aWebhook}`), 404, 'NOT_FOUND');
    refused(await b.call('GET', `/account/webhooks/${aWebhook}/deliveries`), 404, 'NOT_FOUND');
    refused(await b.call('DELETE', `/account/webhooks/${aWebhook}`), 404, 'NOT_FOUND');
    const listed = await b.call('GET', '/account/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ url: 'https://example.com/b-hook', type: 'OPERATION_ACTION_REQUIRED' }),
    ]);
  });

  it("B sees its own billing and account, never A's", async () => {
    const transactions = await b.call('GET', '/account/billing/transactions');
    expect(transactions.status).toBe(200);
    expect(transactions.body.items).toEqual([]);
    expect((await b.call('GET', '/account/billing')).body.balance.usdCents).toBe(0);
    const aTransactions = (await a.call('GET', '/account/billing/transactions')).body.items;
    expect(aTransactions).toEqual([expect.objectContaining({ type: 'CHARGE', reason: 'DOMAIN_CLAIM', domain: name })]);

    const aAccount = (await a.call('GET', '/account')).body;
    const bAccount = (await b.call('GET', '/account')).body;
    expect(bAccount).toMatchObject({
      id: b.accountId,
      defaultWalletAddress: bWallet,
      webhookSecret: expect.any(String),
    });
    expect(aAccount).toMatchObject({
      id: a.accountId,
      defaultWalletAddress: aWallet,
      webhookSecret: expect.any(String),
    });
    expect(bAccount.id).not.toBe(aAccount.id);
    expect(bAccount.webhookSecret).not.toBe(aAccount.webhookSecret);
  });

  // every row has four cells: it.each would take a missing fourth argument for Jest's `done` callback
  const surfaceC: [string, 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string, unknown][] = [
    ['GET /domains', 'GET', '/domains?query=abc', undefined],
    ['POST /domains', 'POST', '/domains', { name: `r${randomBytes(5).toString('hex')}.crypto` }],
    ['GET /domains/{name}', 'GET', `/domains/${name}`, undefined],
    ['PATCH /domains/{name}', 'PATCH', `/domains/${name}`, { records: { 'ipfs.html.value': 'QmReseller' } }],
    ['PUT /domains/{name}', 'PUT', `/domains/${name}`, { records: {} }],
    ['DELETE /domains/{name}', 'DELETE', `/domains/${name}`, undefined],
    [
      'PATCH /external/domains/{name}',
      'PATCH',
      `/external/domains/${name}`,
      { records: { 'ipfs.html.value': 'QmReseller' } },
    ],
    ['GET /domains/{name}/pending-operations', 'GET', `/domains/${name}/pending-operations`, undefined],
    ['GET /suggestions/domains', 'GET', '/suggestions/domains?query=abc', undefined],
    ['GET /owners/{address}/domains', 'GET', '/owners/<A>/domains', undefined],
    ['GET /account', 'GET', '/account', undefined],
    ['PATCH /account', 'PATCH', '/account', { defaultWalletAddress: '<A>' }],
    ['GET /account/billing', 'GET', '/account/billing', undefined],
    ['GET /account/billing/transactions', 'GET', '/account/billing/transactions', undefined],
    ['GET /account/wallets', 'GET', '/account/wallets', undefined],
    ['POST /account/wallets', 'POST', '/account/wallets', {}],
    ['GET /account/wallets/{address}', 'GET', '/account/wallets/<A>', undefined],
    ['PATCH /account/wallets/{address}', 'PATCH', '/account/wallets/<A>', { primaryDomain: name }],
    ['GET /account/wallets/{address}/verification', 'GET', '/account/wallets/<A>/verification', undefined],
    ['POST /account/wallets/{address}/verification', 'POST', '/account/wallets/<A>/verification', { signature }],
    ['GET /operations', 'GET', '/operations', undefined],
    ['GET /operations/{id}', 'GET', '/operations/<OP>', undefined],
    [
      'PATCH /operations/{id}/dependencies/{depId}',
      'PATCH',
      '/operations/<OP>/dependencies/<DEP>',
      { transaction: { signature } },
    ],
    ['GET /account/webhooks', 'GET', '/account/webhooks', undefined],
    [
      'POST /account/webhooks',
      'POST',
      '/account/webhooks',
      { url: 'https://example.com/reseller', type: 'OPERATION_FINISHED' },
    ],
    ['GET /account/webhooks/{id}', 'GET', '/account/webhooks/<WH>', undefined],
    ['DELETE /account/webhooks/{id}', 'DELETE', '/account/webhooks/<WH>', undefined],
  ];
  // placeholders stand for what beforeAll made: A's wallet, claim operation and its dependency, webhook
  const resolve = (text: string) =>
    text
      .replaceAll('<A>', aWallet)
      .replaceAll('<OP>', aOperations[1].id)
      .replaceAll('<DEP>', aOperations[1].dependencies[0].id)
      .replaceAll('<WH>', aWebhook);
  const inject = async (method: string, path: string, body: unknown, authorization?: string): Promise<Reply> => {
    const response = await subject.app.inject({
      method: method as 'GET',
      url: `/partner/v3${resolve(path)}`,
      payload: body === undefined ? undefined : resolve(JSON.stringify(body)),
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    return { status: response.statusCode, body: response.json() };
  };

  /** `GET /domains`-style routes surface D serves too: a reseller key gets surface D's answer there. */
  const servedToResellers = (method: string, route: string): boolean =>
    routeCatalog(subject.app).some(
      (candidate) =>
        candidate.method === method &&
        candidate.paths.includes(`/partner/v3${route.split(' ')[1].replace(/\{([A-Za-z]+)\}/g, ':$1')}`) &&
        candidate.access?.surface === 'partner' &&
        candidate.access.profile === 'reseller',
    );

  it.each(surfaceC)(
    'a reseller key gets 403 FORBIDDEN, or nothing of A from surface D, on %s',
    async (route, method, path, body) => {
      const reply = await inject(method, path, body, `Bearer ${resellerKey}`);
      if (!servedToResellers(method, route)) return refused(reply, 403, 'FORBIDDEN');
      expect(reply.status).toBeLessThan(500);
      const text = JSON.stringify(reply.body);
      // an id the request itself carried may be echoed back (a 404 names it); nothing else of A's may appear
      const sent = resolve(`${path} ${JSON.stringify(body ?? {})}`);
      const secrets = [aWallet, aWebhook, ...aOperations.map((op) => op.id)].filter((secret) => !sent.includes(secret));
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toContain('partner.v3.Wallet');
    },
  );

  it.each(surfaceC)('no key gets 401 UNAUTHORIZED on %s', async (_route, method, path, body) => {
    refused(await inject(method, path, body), 401, 'UNAUTHORIZED');
  });

  it.each(surfaceC)('an unknown key gets 401 UNAUTHORIZED on %s', async (_route, method, path, body) => {
    refused(await inject(method, path, body, `Bearer ${randomBytes(24).toString('base64url')}`), 401, 'UNAUTHORIZED');
  });

  it("leaves A's domain, wallet, webhook and operations as A left them", async () => {
    await subject.settled();
    expect(await subject.app.get(ChainReader).domain('MATIC', name, Object.keys(records))).toMatchObject({
      owner: aWallet,
      records,
    });
    expect((await a.call('GET', `/domains/${name}?$expand=records`)).body).toMatchObject({
      owner: { type: 'SELF', address: aWallet },
      records,
    });
    expect((await a.call('GET', `/account/wallets/${aWallet}`)).body).toMatchObject({ address: aWallet, type: 'SELF' });
    expect((await a.call('GET', '/account')).body.defaultWalletAddress).toBe(aWallet);
    expect((await a.call('GET', `/account/webhooks/${aWebhook}`)).body).toMatchObject({
      id: aWebhook,
      url: 'https://example.com/hook',
      type: 'OPERATION_FINISHED',
    });
    expect(
      (await a.call('GET', '/account/wallets')).body.items.map((wallet: { address: string }) => wallet.address),
    ).toEqual([aWallet]);
    const aOps = (await a.call('GET', '/operations')).body.items as { id: string; status: string }[];
    expect(aOps.map((op) => op.id).sort()).toEqual(aOperations.map((op) => op.id).sort());
    expect(aOps.every((op) => op.status === 'COMPLETED')).toBe(true);
    expect((await a.call('GET', '/account/billing/transactions')).body.items).toHaveLength(1);
    // B's own attempts left nothing behind either: its wallet and its webhook, nothing else
    const bOps = (await b.call('GET', '/operations')).body.items as { type: string }[];
    expect(bOps.map((op) => op.type).sort()).toEqual(['ACCOUNT_UPDATE', 'WALLET_CREATE']);
  });
});
