import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AddAccountFunds } from '../../src/application/commerce/operator-commerce.commands';
import { EventStore } from '../../src/application/shared/event-store.port';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { registeredElsewhere } from '../support/registries';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { freshName } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;

type Bidder = Agent & { contactId: string };

/**
 * Issue 28: names the registry's clock carries to deletion, listed with their drop times, backordered first come
 * first served; at the purge the first backorder's account registers the name, charged once, and the others are
 * told they lost; a winner who cannot pay passes the name to the next in line.
 */
describe('surface A: the drop list and backorders', () => {
  let subject: TestApp;
  let registry: SandboxRegistry;
  let watcher: Agent;

  beforeAll(async () => {
    subject = await createTestApp();
    registry = subject.app.get(SandboxRegistry);
    watcher = await newAgent(subject);
  });
  afterAll(() => subject.close());

  /** A name another registrar holds, registered now on the registry's clock for a year. */
  const elsewhere = async (name: string) => {
    await registeredElsewhere(subject.app.get(EventStore), name, await registry.now());
  };
  const bidder = async (balanceCents: number): Promise<Bidder> => {
    const agent = await newAgent(subject);
    const created = await agent.action('svc_contact_create', ADA_CONTACT);
    if (balanceCents > 0) {
      await subject.app
        .get(CommandBus)
        .execute(new AddAccountFunds(agent.accountId, randomUUID(), 'BALANCE', balanceCents, 'test grant'));
    }
    return { ...agent, contactId: created.body.contact.id };
  };
  const balanceOf = async (agent: Agent) =>
    (await agent.action('svc_cart_get_payment_methods')).body.accountBalance.amount;
  const backordersOf = async (agent: Agent) => (await agent.action('svc_backorders_list', {})).body.backorders;
  const dropOf = async (name: string) =>
    (await watcher.action('svc_expireds_list', { query: name })).body.domains.find(
      (domain: { name: string }) => domain.name === name,
    );

  it('registers a dropped name for the first backorder, charged once; the second is told it lost', async () => {
    const [name, active] = [freshName('drop'), freshName('still-active')];
    await elsewhere(name);
    const [first, second] = [await bidder(5_000), await bidder(5_000)];
    // a year and 76 days on: past its grace and redemption periods, pending delete
    await registry.advanceClock(365 * DAY + 76 * DAY);
    await elsewhere(active);
    await subject.settled();
    const drop = await dropOf(name);
    expect(drop).toEqual({
      name,
      deletionTimestamp: expect.any(Number),
      status: 'AVAILABLE_BACKORDER',
      labelLength: name.indexOf('.'),
      watchlistCount: 0,
      backorderCount: 0,
    });
    expect(await dropOf(active)).toBeUndefined();

    const ask = (who: Bidder, availableAfterTimestamp = drop.deletionTimestamp) =>
      who.action('svc_backorder_create', {
        domains: [{ name, contactId: who.contactId, availableAfterTimestamp }],
      });
    const placed = await ask(first);
    expect(placed.body).toMatchObject({
      successCount: 1,
      results: [
        { name, success: true, backorderId: expect.any(Number), price: 1299, serviceFee: 0, status: 'pending' },
      ],
    });
    expect((await ask(first)).body.results[0]).toMatchObject({
      success: false,
      error: expect.stringMatching(/backordered by this account already/),
    });
    expect((await ask(second, drop.deletionTimestamp - DAY)).body.results[0]).toMatchObject({
      success: false,
      error: expect.stringMatching(/^the name drops at /),
    });
    expect((await ask(second)).body.successCount).toBe(1);
    const notDropping = await first.action('svc_backorder_create', {
      domains: [{ name: active, contactId: first.contactId, availableAfterTimestamp: 0 }],
    });
    expect(notDropping.body.results[0].error).toMatch(/not being deleted/);
    await subject.settled();
    expect((await dropOf(name)).backorderCount).toBe(2);
    expect(await backordersOf(first)).toMatchObject([{ domain: name, status: 'pending', price: 1299 }]);

    // the purge: the name is free at the registry, and the first in line gets it
    await registry.advanceClock(6 * DAY);
    await subject.settled();
    expect(await backordersOf(first)).toMatchObject([{ domain: name, status: 'completed-success' }]);
    expect(await backordersOf(second)).toMatchObject([{ domain: name, status: 'completed-not-available' }]);
    const portfolio = (await first.action('svc_portfolio_list', {})).body.domains;
    expect(portfolio.map((domain: { name: string }) => domain.name)).toEqual([name]);
    expect((await registry.info(name))?.contacts).toMatchObject({ registrant: first.contactId });
    // 12.99 and 20% VAT (the contact is in Great Britain), once; nothing of the second's
    expect(await balanceOf(first)).toBe(5_000 - 1_559);
    expect(await balanceOf(second)).toBe(5_000);
    expect(await dropOf(name)).toBeUndefined();
  });

  it('passes the name to the next in line when the winner cannot pay, and lets a waiting one be cancelled', async () => {
    const name = freshName('drop-broke');
    await elsewhere(name);
    const [broke, next, quitter] = [await bidder(0), await bidder(5_000), await bidder(5_000)];
    await registry.advanceClock(365 * DAY + 76 * DAY);
    await subject.settled();
    const { deletionTimestamp } = await dropOf(name);
    for (const who of [broke, next, quitter]) {
      const placed = await who.action('svc_backorder_create', {
        domains: [{ name, contactId: who.contactId, availableAfterTimestamp: deletionTimestamp }],
      });
      expect(placed.body.successCount).toBe(1);
    }
    const [{ backorderId }] = await backordersOf(quitter);
    // another account cannot cancel it, told as for one that does not exist
    expect((await next.action('svc_backorder_cancel', { backorderIds: [backorderId] })).body.results).toEqual([
      { backorderId, success: false, error: `backorder ${backorderId} was not found` },
    ]);
    expect((await quitter.action('svc_backorder_cancel', { backorderIds: [backorderId] })).body.results).toEqual([
      { backorderId, domain: name, success: true, refundAmount: 0 },
    ]);

    await registry.advanceClock(6 * DAY);
    await subject.settled();
    expect(await backordersOf(broke)).toMatchObject([
      { status: 'completed-payment-failed', error: expect.stringMatching(/no card/) },
    ]);
    expect(await backordersOf(next)).toMatchObject([{ status: 'completed-success' }]);
    expect(await backordersOf(quitter)).toMatchObject([{ status: 'cancelled' }]);
    expect(await balanceOf(next)).toBe(5_000 - 1_559);
    const filtered = await next.action('svc_backorders_list', { status: ['pending'] });
    expect(filtered.body).toMatchObject({ backorders: [], pagination: { total: 0, hasMore: false } });
    // a backorder that won can no longer be cancelled
    const [won] = await backordersOf(next);
    expect(
      (await next.action('svc_backorder_cancel', { backorderIds: [won.backorderId] })).body.results[0],
    ).toMatchObject({ success: false, error: expect.stringMatching(/can no longer be cancelled/) });
  });
});
