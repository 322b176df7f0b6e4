import { RegistryRefused } from '../../src/domain/registry/registry-refusal';
import { addYears, calendarDateOf } from '../../src/domain/registry/registry-periods';
import { Refused } from '../../src/domain/shared/errors';
import { REGISTRY_ADAPTERS, RegistryUnderTest } from '../support/registries';

const DAY_MS = 86_400_000;
const contacts = { registrant: 'con_a', admin: 'con_a', tech: 'con_a', billing: 'con_a' };
const contact = {
  name: 'Ada Lovelace',
  organization: null,
  email: 'ada@example.net',
  voice: '+44.2071234567',
  street: ['1 Analytical Row'],
  city: 'London',
  stateProvince: null,
  postalCode: 'N1 9GU',
  countryCode: 'GB',
};
const registration = (name: string, years = 1) => ({
  name,
  years,
  authInfo: 'Our-Auth-Code-1!',
  contacts,
  nameservers: ['ns1.domain-engine.test'],
});

/** The EPP result a call was refused with. */
const refusalOf = async (call: Promise<unknown>): Promise<number | string> =>
  call.then(
    () => 'accepted',
    (error: unknown) => (error instanceof RegistryRefused ? error.code : String(error)),
  );

describe.each(REGISTRY_ADAPTERS)('registry contract: %s', (_name, open) => {
  let subject: RegistryUnderTest;
  beforeEach(async () => {
    subject = await open();
    await subject.registry.createContact('con_a', contact);
  });
  afterEach(() => subject.close());

  it('checks names: free, taken, reserved, under a TLD it does not run, with the premium price', async () => {
    expect(
      await subject.registry.check(['fresh-name.com', 'taken.com', 'example.com', 'fresh.museum', 'shop.xyz']),
    ).toEqual([
      { name: 'fresh-name.com', available: true, reason: null, premiumCents: null },
      { name: 'taken.com', available: false, reason: 'REGISTERED', premiumCents: null },
      { name: 'example.com', available: false, reason: 'RESERVED', premiumCents: null },
      { name: 'fresh.museum', available: false, reason: 'UNKNOWN_TLD', premiumCents: null },
      { name: 'shop.xyz', available: true, reason: null, premiumCents: 250_000 },
    ]);
  });

  it('publishes its TLDs and their policies, a TLD announced but not yet open among them', async () => {
    const tlds = await subject.registry.tlds();
    expect(tlds.find((tld) => tld.tld === 'ai')).toEqual({
      tld: 'ai',
      minYears: 2,
      maxYears: 10,
      idn: false,
      dnssec: true,
      opensAt: null,
    });
    expect(tlds.find((tld) => tld.tld === 'shop')?.opensAt).toBe(Date.UTC(2030, 0, 1));
  });

  it('refuses names blocked for a rights holder and names under a TLD that has not opened yet', async () => {
    const { registry } = subject;
    expect(await registry.check(['paypal.xyz', 'fresh.shop'])).toEqual([
      { name: 'paypal.xyz', available: false, reason: 'BLOCKED', premiumCents: null },
      { name: 'fresh.shop', available: false, reason: 'NOT_LAUNCHED', premiumCents: null },
    ]);
    expect(await refusalOf(registry.create(registration('paypal.xyz')))).toBe(2306);
    expect(await refusalOf(registry.create(registration('fresh.shop')))).toBe(2306);
    await registry.advanceClock(Date.UTC(2030, 0, 1) - (await registry.now()));
    expect((await registry.check(['fresh.shop']))[0]).toMatchObject({ available: true, reason: null });
    expect((await registry.create(registration('fresh.shop'))).name).toBe('fresh.shop');
  });

  it('creates a name for the years asked, then holds it: checked taken, created again refused', async () => {
    const { registry } = subject;
    const now = await registry.now();
    const info = await registry.create(registration('fresh-name.com', 2));
    expect(info).toMatchObject({
      name: 'fresh-name.com',
      sponsoredByUs: true,
      phase: 'ACTIVE',
      statuses: ['addPeriod'],
      contacts,
      nameservers: ['ns1.domain-engine.test'],
    });
    // the anniversary's arithmetic (29 February...) is pinned by the domain's specs
    expect(calendarDateOf(info.expiresAt)).toBe(calendarDateOf(addYears(now, 2)));
    expect((await registry.check(['fresh-name.com']))[0]).toMatchObject({ available: false, reason: 'REGISTERED' });
    expect(await refusalOf(registry.create(registration('fresh-name.com')))).toBe(2302);
    expect(await refusalOf(registry.create(registration('taken.com')))).toBe(2302);
  });

  it('tells the info of several names at once as it tells each, leaving out the names it does not hold', async () => {
    const { registry } = subject;
    await registry.create(registration('fresh-name.com'));
    // taken.com is seeded: registered to the other registrar the first time anything asks about it
    const names = ['fresh-name.com', 'taken.com', 'free-name.com', 'fresh-name.com'];
    const each = await registry.infoOfEach(names);
    expect([...each.keys()].sort()).toEqual(['fresh-name.com', 'taken.com']);
    expect(each.get('fresh-name.com')).toEqual(await registry.info('fresh-name.com'));
    expect(each.get('taken.com')).toEqual(await registry.info('taken.com'));
    expect(each.get('taken.com')).toMatchObject({ sponsoredByUs: false, phase: 'ACTIVE' });
    expect((await registry.infoOfEach([])).size).toBe(0);
  });

  it('refuses what the TLD rules or the registry refuse', async () => {
    const { registry } = subject;
    expect(await refusalOf(registry.create(registration('short.ai', 1)))).toBe(2004);
    expect(await refusalOf(registry.create(registration('xn--strae-oqa.io')))).toBe(2306);
    expect(await refusalOf(registry.create(registration('example.com')))).toBe(2306);
    expect(await refusalOf(registry.create(registration('fresh.museum')))).toBe(2306);
    expect(
      await refusalOf(registry.create({ ...registration('fresh-name.com'), contacts: { ...contacts, tech: 'x' } })),
    ).toBe(2303);
    expect(await registry.check(['short.ai', 'fresh-name.com'])).toMatchObject([
      { available: true },
      { available: true },
    ]);
  });

  it('renews from the current expiry once, however often and however concurrently it is asked', async () => {
    const { registry } = subject;
    const created = await registry.create(registration('fresh-name.com'));
    const currentExpiry = calendarDateOf(created.expiresAt);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refusalOf(registry.renew({ name: 'fresh-name.com', currentExpiry, years: 1 }))),
    );
    expect(answers.filter((answer) => answer === 'accepted')).toHaveLength(1);
    expect(answers.filter((answer) => answer === 2306)).toHaveLength(19);
    const renewed = (await registry.info('fresh-name.com'))!;
    expect(calendarDateOf(renewed.expiresAt)).toBe(calendarDateOf(addYears(created.expiresAt, 1)));
  });

  it('moves a name through expiry, auto-renew grace, redemption, restore, pending delete and purge', async () => {
    const { registry } = subject;
    const created = await registry.create(registration('fresh-name.com'));
    const phaseAfter = async (ms: number) => {
      await registry.advanceClock(ms);
      return (await registry.info('fresh-name.com'))?.phase;
    };
    expect(await phaseAfter(created.expiresAt - (await registry.now()))).toBe('AUTO_RENEW_GRACE');
    expect((await registry.info('fresh-name.com'))!.statuses).toEqual(['autoRenewPeriod']);
    expect(await phaseAfter(45 * DAY_MS)).toBe('REDEMPTION');
    expect(
      await refusalOf(
        registry.renew({ name: 'fresh-name.com', currentExpiry: calendarDateOf(created.expiresAt), years: 1 }),
      ),
    ).toBe(2304);
    const restored = await registry.restore('fresh-name.com');
    expect(restored.phase).toBe('ACTIVE');
    expect(calendarDateOf(restored.expiresAt)).toBe(calendarDateOf(addYears(created.expiresAt, 1)));
    expect(await phaseAfter(restored.expiresAt - (await registry.now()) + 75 * DAY_MS)).toBe('PENDING_DELETE');
    expect(await phaseAfter(5 * DAY_MS)).toBeUndefined();
    expect((await registry.check(['fresh-name.com']))[0].available).toBe(true);
  });

  it('deletes at once with a refund within the add grace period, into redemption after it', async () => {
    const { registry } = subject;
    await registry.create(registration('fresh-name.com'));
    expect(await registry.delete('fresh-name.com')).toEqual({ refunded: true });
    expect(await registry.info('fresh-name.com')).toBeUndefined();
    await registry.create(registration('fresh-name.com'));
    await registry.advanceClock(5 * DAY_MS);
    expect(await registry.delete('fresh-name.com')).toEqual({ refunded: false });
    expect((await registry.info('fresh-name.com'))!.phase).toBe('REDEMPTION');
  });

  it('tells every reason a transfer would be refused, before it is asked for', async () => {
    const { registry } = subject;
    expect(await registry.checkTransfer({ name: 'taken.com', authInfo: 'Sandbox-Transfer-1!' })).toEqual([]);
    expect(await registry.checkTransfer({ name: 'google.com', authInfo: 'wrong' })).toEqual([
      'TRANSFER_PROHIBITED',
      'INVALID_AUTHORIZATION_CODE',
    ]);
    expect(await registry.checkTransfer({ name: 'never-registered-here.com', authInfo: 'x' })).toEqual([
      'NOT_REGISTERED',
    ]);
    await registry.create(registration('ours-already.com'));
    expect(await registry.checkTransfer({ name: 'ours-already.com', authInfo: 'Our-Auth-Code-1!' })).toEqual([
      'SAME_REGISTRAR',
      'RECENTLY_REGISTERED',
    ]);
  });

  it('transfers a name in with its code, approved by its registrar or automatically after five days', async () => {
    const { registry } = subject;
    expect(await refusalOf(registry.requestTransfer({ name: 'taken.com', authInfo: 'wrong', years: 1 }))).toBe(2202);
    expect(
      await refusalOf(registry.requestTransfer({ name: 'google.com', authInfo: 'Sandbox-Locked-1!', years: 1 })),
    ).toBe(2304);
    const requestedAt = await registry.now();
    const pending = await registry.requestTransfer({ name: 'taken.com', authInfo: 'Sandbox-Transfer-1!', years: 1 });
    expect(pending).toEqual({
      name: 'taken.com',
      status: 'PENDING',
      gaining: 'US',
      requestedAt: expect.any(Number),
      actionAt: pending.requestedAt + 5 * DAY_MS,
    });
    expect(pending.requestedAt).toBeGreaterThanOrEqual(requestedAt);
    expect((await registry.info('taken.com'))!).toMatchObject({ sponsoredByUs: false, contacts: null });
    await registry.answerTransferAsOtherRegistrar('taken.com', true);
    expect((await registry.queryTransfer('taken.com'))!.status).toBe('CLIENT_APPROVED');
    expect((await registry.info('taken.com'))!).toMatchObject({ sponsoredByUs: true, phase: 'ACTIVE' });

    await registry.requestTransfer({ name: 'taken.io', authInfo: 'Sandbox-Transfer-2!', years: 1 });
    await registry.advanceClock(5 * DAY_MS);
    expect((await registry.queryTransfer('taken.io'))!.status).toBe('SERVER_APPROVED');
    expect((await registry.info('taken.io'))!.sponsoredByUs).toBe(true);
  });

  it('lets us answer a request for one of our names, once the 60-day lock is over', async () => {
    const { registry } = subject;
    await registry.create(registration('fresh-name.com'));
    expect(await refusalOf(registry.requestTransferAsOtherRegistrar('fresh-name.com', 'Our-Auth-Code-1!'))).toBe(2106);
    await registry.advanceClock(60 * DAY_MS);
    await registry.requestTransferAsOtherRegistrar('fresh-name.com', 'Our-Auth-Code-1!');
    expect((await registry.info('fresh-name.com'))!.statuses).toContain('pendingTransfer');
    expect((await registry.answerTransfer('fresh-name.com', false)).status).toBe('CLIENT_REJECTED');
    expect((await registry.info('fresh-name.com'))!.sponsoredByUs).toBe(true);
  });

  it("refuses changes to another registrar's name and shows none of its contacts", async () => {
    const { registry } = subject;
    const info = (await registry.info('taken.com'))!;
    expect(info).toMatchObject({ sponsoredByUs: false, contacts: null });
    const currentExpiry = calendarDateOf(info.expiresAt);
    expect(await refusalOf(registry.renew({ name: 'taken.com', currentExpiry, years: 1 }))).toBe(2201);
    expect(await refusalOf(registry.update({ name: 'taken.com', add: ['clientHold'] }))).toBe(2201);
    expect(await refusalOf(registry.delete('taken.com'))).toBe(2201);
  });

  it('moves its clock forward only', async () => {
    const { registry } = subject;
    const before = await registry.now();
    await expect(registry.advanceClock(-DAY_MS)).rejects.toBeInstanceOf(Refused);
    expect(await registry.advanceClock(DAY_MS)).toBeGreaterThanOrEqual(before + DAY_MS);
  });
});
