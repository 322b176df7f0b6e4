import { randomUUID } from 'node:crypto';
import { DeliveryAttempt, LeasedDelivery, NewDelivery } from '../../src/application/webhooks/webhook-outbox.port';
import { eventually } from '../support/eventually';
import { Signal } from '../support/signal';
import { WEBHOOK_OUTBOX_ADAPTERS, WebhookOutboxUnderTest } from '../support/webhook-outboxes';

const HOUR_MS = 3_600_000;

const delivery = (overrides: Partial<NewDelivery> = {}): NewDelivery => ({
  deliveryId: randomUUID(),
  webhookId: 'wh-1',
  accountId: 'acct-1',
  url: 'https://partner.example/hooks?token=t',
  eventType: 'OPERATION_FINISHED',
  operationId: `op-${randomUUID()}`,
  body: '{"type":"OPERATION_FINISHED"}',
  ...overrides,
});

const attempt = (statusCode: number | null, error: string | null = null): DeliveryAttempt => ({
  at: Date.now(),
  statusCode,
  error,
  durationMs: 12,
});

describe.each(WEBHOOK_OUTBOX_ADAPTERS)('webhook outbox contract: %s', (_name, open) => {
  let subject: WebhookOutboxUnderTest;
  beforeEach(async () => (subject = await open()));
  afterEach(() => subject.close());

  const logOf = async (webhookId = 'wh-1') => (await subject.outbox.deliveriesOf(webhookId, { limit: 100 })).items;
  const leaseOf = async (owner = 'dispatcher-1', leaseMs = HOUR_MS) =>
    (await subject.outbox.lease(owner, leaseMs)) as LeasedDelivery;
  /** Leases until a held lease has expired, or a retry has come due, and another owner gets the delivery. */
  const leasedLater = async (owner: string): Promise<LeasedDelivery> => {
    let leased: LeasedDelivery | undefined;
    await eventually(
      async () => {
        leased = await subject.other.lease(owner, HOUR_MS);
        expect(leased).toBeDefined();
      },
      5_000,
      20,
    );
    return leased as LeasedDelivery;
  };

  it('adds deliveries PENDING and due now, and logs each webhook’s newest first', async () => {
    const before = Date.now();
    const [one, two, three] = [delivery(), delivery({ eventType: 'OPERATION_ACTION_REQUIRED' }), delivery()];
    await subject.outbox.add([one, two]);
    await subject.outbox.add([three, delivery({ webhookId: 'wh-2' })]);
    const page = await subject.outbox.deliveriesOf('wh-1', { limit: 10 });
    expect(page.next).toBeNull();
    expect(page.items.map((item) => item.deliveryId)).toEqual([three.deliveryId, two.deliveryId, one.deliveryId]);
    expect(page.items[1]).toMatchObject({
      deliveryId: two.deliveryId,
      webhookId: 'wh-1',
      eventType: 'OPERATION_ACTION_REQUIRED',
      operationId: two.operationId,
      status: 'PENDING',
      attempts: [],
    });
    for (const item of page.items) {
      expect(item.createdAt).toBeGreaterThanOrEqual(before - 1_000);
      expect(item.nextAttemptAt).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    expect(await logOf('wh-2')).toHaveLength(1);
    expect((await subject.outbox.progress()).due).toBe(4);
  });

  it('adds a delivery once: one whose id is stored already is left as it was', async () => {
    const first = delivery({ body: '{"n":1}' });
    await subject.outbox.add([first]);
    await subject.outbox.add([{ ...first, body: '{"n":2}' }, delivery()]);
    await subject.outbox.add([]);
    expect((await logOf()).filter((item) => item.deliveryId === first.deliveryId)).toHaveLength(1);
    expect(await logOf()).toHaveLength(2);
    const leased = [await leaseOf(), await leaseOf()].find((item) => item.deliveryId === first.deliveryId);
    expect(leased?.body).toBe('{"n":1}');
  });

  it('pages the log with `before`, and deliveries added meanwhile neither repeat nor hide one', async () => {
    const added = Array.from({ length: 5 }, () => delivery());
    for (const item of added) await subject.outbox.add([item]);
    const ids = (items: readonly { deliveryId: string }[]) => items.map((item) => item.deliveryId);
    const first = await subject.outbox.deliveriesOf('wh-1', { limit: 2 });
    expect(ids(first.items)).toEqual([added[4], added[3]].map((item) => item.deliveryId));
    await subject.outbox.add([delivery(), delivery()]);
    const second = await subject.outbox.deliveriesOf('wh-1', { limit: 2, before: first.next as number });
    expect(ids(second.items)).toEqual([added[2], added[1]].map((item) => item.deliveryId));
    const third = await subject.outbox.deliveriesOf('wh-1', { limit: 2, before: second.next as number });
    expect(ids(third.items)).toEqual([added[0].deliveryId]);
    expect(third.next).toBeNull();
  });

  it('leases a due delivery to one owner at a time, with what sending it takes', async () => {
    const added = delivery();
    await subject.outbox.add([added]);
    expect(await subject.outbox.lease('dispatcher-1', HOUR_MS)).toEqual({
      deliveryId: added.deliveryId,
      webhookId: 'wh-1',
      accountId: 'acct-1',
      url: added.url,
      body: added.body,
      attemptsMade: 0,
      owner: 'dispatcher-1',
      lease: 1,
    });
    expect(await subject.other.lease('dispatcher-2', HOUR_MS)).toBeUndefined();
    expect(await subject.outbox.lease('dispatcher-1', HOUR_MS)).toBeUndefined();
  });

  it('leases the delivery due first, a retry due now after those due before it', async () => {
    const [one, two] = [delivery(), delivery()];
    await subject.outbox.add([one]);
    await subject.outbox.add([two]);
    const first = await leaseOf();
    expect(first.deliveryId).toBe(one.deliveryId);
    expect(await subject.outbox.record(first, attempt(503), { status: 'PENDING', retryInMs: 0 })).toBe(true);
    expect((await leaseOf()).deliveryId).toBe(two.deliveryId);
    expect(await leaseOf()).toMatchObject({ deliveryId: one.deliveryId, attemptsMade: 1 });
  });

  it('records a delivered attempt: DELIVERED, the attempt kept, never leased again', async () => {
    await subject.outbox.add([delivery()]);
    const sent = attempt(204);
    expect(await subject.outbox.record(await leaseOf(), sent, { status: 'DELIVERED' })).toBe(true);
    expect(await logOf()).toMatchObject([{ status: 'DELIVERED', attempts: [sent], nextAttemptAt: null }]);
    expect(await subject.outbox.lease('dispatcher-1', HOUR_MS)).toBeUndefined();
    expect((await subject.outbox.progress()).due).toBe(0);
  });

  it('schedules a failed attempt’s retry: PENDING, due again only after its delay, with every attempt in order', async () => {
    await subject.outbox.add([delivery({ webhookId: 'wh-later' })]);
    const failed = attempt(500);
    await subject.outbox.record(await leaseOf(), failed, { status: 'PENDING', retryInMs: 60_000 });
    const [later] = await logOf('wh-later');
    expect(later).toMatchObject({ status: 'PENDING', attempts: [failed] });
    expect(Math.abs((later.nextAttemptAt as number) - (Date.now() + 60_000))).toBeLessThan(5_000);
    expect(await subject.outbox.lease('dispatcher-1', HOUR_MS)).toBeUndefined();
    expect((await subject.outbox.progress()).due).toBe(0); // a retry due later is not due

    await subject.outbox.add([delivery()]);
    const first = attempt(null, 'connect ECONNREFUSED');
    await subject.outbox.record(await leaseOf(), first, { status: 'PENDING', retryInMs: 500 });
    expect(await subject.other.lease('dispatcher-2', HOUR_MS)).toBeUndefined();
    const again = await leasedLater('dispatcher-2');
    expect(again).toMatchObject({ attemptsMade: 1, lease: 2, owner: 'dispatcher-2' });
    const second = attempt(200);
    await subject.other.record(again, second, { status: 'DELIVERED' });
    expect(await logOf()).toMatchObject([{ status: 'DELIVERED', attempts: [first, second], nextAttemptAt: null }]);
  });

  it('drops a delivery after its last attempt, or unsent (no attempt), and never leases it again', async () => {
    await subject.outbox.add([delivery({ webhookId: 'wh-last' })]);
    const last = attempt(500);
    await subject.outbox.record(await leaseOf(), last, { status: 'DROPPED' });
    await subject.outbox.add([delivery({ webhookId: 'wh-deleted' })]);
    await subject.outbox.record(await leaseOf(), null, { status: 'DROPPED' });
    expect(await logOf('wh-last')).toMatchObject([{ status: 'DROPPED', attempts: [last], nextAttemptAt: null }]);
    expect(await logOf('wh-deleted')).toMatchObject([{ status: 'DROPPED', attempts: [], nextAttemptAt: null }]);
    expect(await subject.outbox.lease('dispatcher-1', HOUR_MS)).toBeUndefined();
  });

  it('gives an expired lease to another owner, and ignores what the first owner then records', async () => {
    await subject.outbox.add([delivery()]);
    const first = await leaseOf('dispatcher-1', 100);
    const second = await leasedLater('dispatcher-2');
    expect(second).toMatchObject({ deliveryId: first.deliveryId, lease: 2, attemptsMade: 0 });
    expect(await subject.outbox.record(first, attempt(200), { status: 'DELIVERED' })).toBe(false);
    expect(await logOf()).toMatchObject([{ status: 'PENDING', attempts: [] }]);
    const sent = attempt(200);
    expect(await subject.other.record(second, sent, { status: 'DELIVERED' })).toBe(true);
    expect(await logOf()).toMatchObject([{ status: 'DELIVERED', attempts: [sent] }]);
  });

  it('hands each due delivery to one of many leasers racing from two processes', async () => {
    await subject.outbox.add(Array.from({ length: 30 }, () => delivery()));
    const outboxes = [subject.outbox, subject.other];
    const leases = await Promise.all(
      Array.from({ length: 60 }, (_, n) => outboxes[n % 2].lease(`dispatcher-${n}`, HOUR_MS)),
    );
    const taken = leases.filter((leased): leased is LeasedDelivery => leased !== undefined);
    expect(taken).toHaveLength(30);
    expect(new Set(taken.map((leased) => leased.deliveryId)).size).toBe(30);
  });

  it('counts the deliveries due now, leased or not, with a mark that moves as deliveries are added and attempted', async () => {
    const marks = [(await subject.outbox.progress()).mark];
    await subject.outbox.add([delivery(), delivery(), delivery()]);
    const added = await subject.outbox.progress();
    expect(added.due).toBe(3);
    marks.push(added.mark);
    const leased = await leaseOf();
    expect((await subject.outbox.progress()).due).toBe(3);
    await subject.outbox.record(leased, attempt(200), { status: 'DELIVERED' });
    marks.push((await subject.outbox.progress()).mark);
    await subject.outbox.record(await leaseOf(), attempt(500), { status: 'PENDING', retryInMs: 60_000 });
    marks.push((await subject.outbox.progress()).mark);
    await subject.outbox.record(await leaseOf(), null, { status: 'DROPPED' });
    const last = await subject.outbox.progress();
    marks.push(last.mark);
    expect(last.due).toBe(0);
    expect(new Set(marks).size).toBe(marks.length);
  });

  it('tells its listeners, in every process, when deliveries are added, until they unsubscribe', async () => {
    const heard: string[] = [];
    const signal = new Signal();
    const listener = (name: string) => () => (heard.push(name), signal.notify());
    const stopHere = subject.outbox.onAdded(listener('here'));
    const stopThere = subject.other.onAdded(listener('there'));
    await subject.listening();
    await subject.outbox.add([delivery()]);
    await signal.until(() => heard.includes('here') && heard.includes('there'));
    stopThere();
    heard.length = 0;
    await subject.other.add([delivery()]);
    await signal.until(() => heard.includes('here'));
    // a listener added after it hears a later addition, so the one removed would have heard both by then
    const stopLater = subject.other.onAdded(listener('later'));
    await subject.listening();
    await subject.outbox.add([delivery()]);
    await signal.until(() => heard.includes('later'));
    expect(heard.filter((name) => name === 'there')).toEqual([]);
    stopHere();
    stopLater();
  });
});
