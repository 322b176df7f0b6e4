import { randomBytes } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import { newWeb3Partner, Reply, Web3Partner } from '../support/web3-partner';

/**
 * `$preview=true` on surface C quotes exactly what the commit would charge or credit, fails exactly where the
 * commit would fail, changes nothing, and is not one of the account's operations afterwards.
 */
describe('web3 partner API (surface C): previews', () => {
  const CREDIT_LIMIT_CENTS = 5000; // room for one $40 claim, not two
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let partner: Web3Partner;
  beforeAll(async () => {
    chains = await startTestChains('MATIC');
    subject = await createTestApp({
      chains,
      env: { ...chains.env, WEB3_CREDIT_LIMIT_CENTS: String(CREDIT_LIMIT_CENTS) },
    });
    partner = await newWeb3Partner(subject);
    await partner.operation((await partner.call('POST', '/account/wallets', {})).body.operation.id);
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const fresh = () => `p${randomBytes(5).toString('hex')}.crypto`;
  const balance = async () => (await partner.call('GET', '/account/billing')).body.balance.usdCents as number;
  const outcome = (reply: Reply) => ({ status: reply.status, code: reply.body?.code });
  const both = async (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => {
    const separator = path.includes('?') ? '&' : '?';
    const preview = await partner.call(method, `${path}${separator}$preview=true`, body);
    return { preview, commit: await partner.call(method, path, body) };
  };

  it('quotes a claim at the price the commit charges, and lists no preview', async () => {
    const name = fresh();
    const quoted = (await partner.call('GET', `/domains/${name}`)).body.availability.price.subTotal.usdCents as number;
    const preview = await partner.call('POST', '/domains?$preview=true', { name });
    expect(preview.status).toBe(201);
    expect(preview.body.operation).toMatchObject({
      status: 'PREVIEW',
      type: 'DOMAIN_CLAIM',
      domain: name,
      validUntilTimestamp: expect.any(Number),
      billing: [{ type: 'CHARGE', reason: 'DOMAIN_CLAIM', amount: { usdCents: quoted } }],
    });
    expect(await balance()).toBe(0);
    expect((await partner.call('GET', `/domains/${name}`)).body.availability.status).toBe('AVAILABLE');

    // a quote is not an operation of the account: not listed, not found, not a status to filter by
    await subject.settled();
    expect((await partner.call('GET', '/operations')).body.items.map((op: { type: string }) => op.type)).toEqual([
      'WALLET_CREATE',
    ]);
    expect(outcome(await partner.call('GET', `/operations/${preview.body.operation.id}`))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(outcome(await partner.call('GET', '/operations?status=PREVIEW'))).toEqual({
      status: 400,
      code: 'VALIDATION',
    });

    const claim = await partner.operation((await partner.call('POST', '/domains', { name })).body.operation.id);
    expect(claim.status).toBe('COMPLETED');
    expect(claim).not.toHaveProperty('billing');
    expect(await balance()).toBe(quoted);
    const [charge] = (await partner.call('GET', '/account/billing/transactions')).body.items;
    expect(charge).toMatchObject({
      type: 'CHARGE',
      reason: 'DOMAIN_CLAIM',
      amount: { usdCents: quoted },
      domain: name,
    });

    // the return is quoted as the credit it brings, and brings it
    const returnPreview = await partner.call('DELETE', `/domains/${name}?$preview=true`);
    expect(returnPreview.body.operation).toMatchObject({
      status: 'PREVIEW',
      billing: [{ type: 'CREDIT', reason: 'DOMAIN_RETURN', amount: { usdCents: quoted } }],
    });
    expect(await balance()).toBe(quoted);
    expect((await partner.operation((await partner.call('DELETE', `/domains/${name}`)).body.operation.id)).status).toBe(
      'COMPLETED',
    );
    expect(await balance()).toBe(0);
  });

  it('quotes a change of records as free', async () => {
    const name = fresh();
    expect((await partner.operation((await partner.call('POST', '/domains', { name })).body.operation.id)).status).toBe(
      'COMPLETED',
    );
    const preview = await partner.call('PATCH', `/domains/${name}?$preview=true`, {
      records: { 'ipfs.html.value': 'QmPreview' },
    });
    expect(preview.body.operation).toMatchObject({ status: 'PREVIEW', type: 'DOMAIN_UPDATE', billing: [] });
    expect((await partner.call('GET', `/domains/${name}?$expand=records`)).body.records).toEqual({});
    expect((await partner.operation((await partner.call('DELETE', `/domains/${name}`)).body.operation.id)).status).toBe(
      'COMPLETED',
    );
  });

  it('fails where the commit fails, with the same status and code', async () => {
    const first = fresh();
    expect(
      (await partner.operation((await partner.call('POST', '/domains', { name: first })).body.operation.id)).status,
    ).toBe('COMPLETED');
    const before = await balance();

    // over the credit limit
    const overLimit = await both('POST', '/domains', { name: fresh() });
    expect(outcome(overLimit.preview)).toEqual({ status: 402, code: 'INSUFFICIENT_BALANCE' });
    expect(outcome(overLimit.commit)).toEqual(outcome(overLimit.preview));
    // a name that is taken
    const taken = await both('POST', '/domains', { name: first });
    expect(outcome(taken.preview)).toEqual({ status: 409, code: 'NOT_AVAILABLE' });
    expect(outcome(taken.commit)).toEqual(outcome(taken.preview));
    // nothing to change
    const unchanged = await both('PATCH', `/domains/${first}`, { records: {} });
    expect(outcome(unchanged.preview)).toEqual({ status: 400, code: 'NO_CHANGE' });
    expect(outcome(unchanged.commit)).toEqual(outcome(unchanged.preview));
    // a name never minted cannot be returned
    const neverMinted = await both('DELETE', `/domains/${fresh()}`);
    expect(outcome(neverMinted.preview)).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(outcome(neverMinted.commit)).toEqual(outcome(neverMinted.preview));
    expect(await balance()).toBe(before);
  });
});
