import { Lease } from '../../src/application/operations/work-queue.port';
import { eventually } from '../support/eventually';
import { Signal } from '../support/signal';
import { WORK_QUEUE_ADAPTERS, WorkQueueUnderTest } from '../support/work-queues';

const HOUR_MS = 3_600_000;
const now = { dependencyId: 'plop_1', runAfter: null };

describe.each(WORK_QUEUE_ADAPTERS)('work queue contract: %s', (_name, open) => {
  let subject: WorkQueueUnderTest;
  beforeEach(async () => (subject = await open()));
  afterEach(() => subject.close());

  /** Leases until the held lease has expired and another owner gets the work. */
  const takeOver = async (owner: string): Promise<Lease> => {
    let taken: Lease | undefined;
    await eventually(
      async () => {
        taken = await subject.other.lease(owner, HOUR_MS);
        expect(taken).toBeDefined();
      },
      5_000,
      20,
    );
    return taken as Lease;
  };

  it('leases due work to one owner at a time, naming the operation and counting the attempts', async () => {
    const { queue, other } = subject;
    await queue.schedule('op-1', now);
    expect(await queue.lease('worker-1', HOUR_MS)).toEqual({
      dependencyId: 'plop_1',
      operationId: 'op-1',
      owner: 'worker-1',
      attempts: 1,
    });
    expect(await other.lease('worker-2', HOUR_MS)).toBeUndefined();
    expect(await queue.lease('worker-1', HOUR_MS)).toBeUndefined();
  });

  it('leases nothing before its time, and due work in the order it came due', async () => {
    const { queue } = subject;
    await queue.schedule('op-later', { dependencyId: 'plop_later', runAfter: Date.now() + HOUR_MS });
    await queue.schedule('op-2', { dependencyId: 'plop_2', runAfter: Date.now() - 1_000 });
    await queue.schedule('op-1', { dependencyId: 'plop_1', runAfter: Date.now() - 2_000 });
    await queue.schedule('op-3', { dependencyId: 'plop_3', runAfter: null });
    const leased = [
      await queue.lease('w', HOUR_MS),
      await queue.lease('w', HOUR_MS),
      await queue.lease('w', HOUR_MS),
      await queue.lease('w', HOUR_MS),
    ];
    expect(leased.map((lease) => lease?.dependencyId)).toEqual(['plop_1', 'plop_2', 'plop_3', undefined]);
  });

  it('keeps one piece of work per operation: another dependency replaces it, null removes it', async () => {
    const { queue } = subject;
    await queue.schedule('op-1', { dependencyId: 'plop_a', runAfter: null });
    await queue.schedule('op-1', { dependencyId: 'plop_b', runAfter: null });
    expect((await queue.lease('w', HOUR_MS))?.dependencyId).toBe('plop_b');
    expect(await queue.lease('w', HOUR_MS)).toBeUndefined();
    await queue.schedule('op-2', { dependencyId: 'plop_c', runAfter: null });
    await queue.schedule('op-2', null);
    expect(await queue.hasDueWork(HOUR_MS)).toBe(true); // plop_b, still leased
    await queue.schedule('op-1', null);
    expect(await queue.hasDueWork(HOUR_MS)).toBe(false);
  });

  it('leaves work scheduled again as it is, leased or not, unless a retry time moves it', async () => {
    const { queue, other } = subject;
    await queue.schedule('op-1', now);
    const lease = (await queue.lease('worker-1', HOUR_MS)) as Lease;
    await other.schedule('op-1', now); // a repeated delivery of the same event
    expect(await other.lease('worker-2', HOUR_MS)).toBeUndefined();
    expect(await queue.renew(lease, HOUR_MS)).toBe(true);
    await queue.schedule('op-2', { dependencyId: 'plop_2', runAfter: null });
    await queue.schedule('op-2', { dependencyId: 'plop_2', runAfter: Date.now() + HOUR_MS });
    expect(await queue.lease('worker-1', HOUR_MS)).toBeUndefined();
    await queue.schedule('op-2', { dependencyId: 'plop_2', runAfter: null });
    expect(await queue.lease('worker-1', HOUR_MS)).toBeUndefined(); // no retry time: it stays where it was
  });

  it('finishes work held by the lease: removed, and never leased again', async () => {
    const { queue } = subject;
    await queue.schedule('op-1', now);
    await queue.finish((await queue.lease('w', HOUR_MS)) as Lease);
    expect(await queue.lease('w', HOUR_MS)).toBeUndefined();
    expect(await queue.hasDueWork(HOUR_MS)).toBe(false);
  });

  it('postpones work: given back, due again at the time given, and leased again as the next attempt', async () => {
    const { queue, other } = subject;
    await queue.schedule('op-1', now);
    const first = (await queue.lease('worker-1', HOUR_MS)) as Lease;
    await queue.postpone(first, Date.now() + 60_000);
    expect(await other.lease('worker-2', HOUR_MS)).toBeUndefined();
    expect(await queue.hasDueWork()).toBe(false);
    expect(await queue.hasDueWork(120_000)).toBe(true);
    expect(await queue.renew(first, HOUR_MS)).toBe(false); // given back: no longer held
    await queue.schedule('op-2', { dependencyId: 'plop_2', runAfter: null });
    const soon = (await queue.lease('worker-1', HOUR_MS)) as Lease;
    await queue.postpone(soon, Date.now() + 200);
    expect(await other.lease('worker-2', HOUR_MS)).toBeUndefined();
    const again = await takeOver('worker-2');
    expect(again).toEqual({ dependencyId: 'plop_2', operationId: 'op-2', owner: 'worker-2', attempts: 2 });
  });

  it('gives an expired lease to another owner; the first can then neither renew, finish nor postpone it', async () => {
    const { queue, other } = subject;
    await queue.schedule('op-1', now);
    const first = (await queue.lease('worker-1', 100)) as Lease;
    const second = await takeOver('worker-2');
    expect(second).toMatchObject({ dependencyId: 'plop_1', owner: 'worker-2', attempts: 2 });
    expect(await queue.renew(first, HOUR_MS)).toBe(false);
    await queue.finish(first);
    await queue.postpone(first, Date.now() - 1);
    expect(await queue.lease('worker-1', HOUR_MS)).toBeUndefined();
    expect(await other.renew(second, HOUR_MS)).toBe(true);
    await other.finish(second);
    expect(await queue.hasDueWork(HOUR_MS)).toBe(false);
  });

  it('keeps a renewed lease past its first term', async () => {
    const { queue, other } = subject;
    await queue.schedule('op-1', now);
    const renewed = (await queue.lease('worker-1', 150)) as Lease;
    expect(await queue.renew(renewed, HOUR_MS)).toBe(true);
    await queue.schedule('op-2', { dependencyId: 'plop_2', runAfter: null });
    expect((await queue.lease('worker-1', 150))?.dependencyId).toBe('plop_2');
    // the first lease to let go is the later one, with the same term and no renewal: by then the renewed one's first
    // term is over too, and it holds
    let taken: Lease | undefined;
    await eventually(async () => expect((taken ??= await other.lease('worker-2', HOUR_MS))).toBeDefined());
    expect(taken?.dependencyId).toBe('plop_2');
    expect(await other.lease('worker-2', HOUR_MS)).toBeUndefined();
  });

  it('tells whether work is due now or within a horizon, leased or not', async () => {
    const { queue } = subject;
    expect(await queue.hasDueWork()).toBe(false);
    await queue.schedule('op-1', { dependencyId: 'plop_1', runAfter: Date.now() + 60_000 });
    expect(await queue.hasDueWork()).toBe(false);
    expect(await queue.hasDueWork(10_000)).toBe(false);
    expect(await queue.hasDueWork(120_000)).toBe(true);
    await queue.schedule('op-2', { dependencyId: 'plop_2', runAfter: null });
    await queue.lease('w', HOUR_MS);
    expect(await queue.hasDueWork()).toBe(true);
  });

  it('hands each piece of work to one of many leasers racing from two processes', async () => {
    const queues = [subject.queue, subject.other];
    for (let n = 0; n < 40; n++) await subject.queue.schedule(`op-${n}`, { dependencyId: `plop_${n}`, runAfter: null });
    const leases = await Promise.all(Array.from({ length: 80 }, (_, n) => queues[n % 2].lease(`worker-${n}`, HOUR_MS)));
    const taken = leases.filter((lease): lease is Lease => lease !== undefined);
    expect(taken).toHaveLength(40);
    expect(new Set(taken.map((lease) => lease.dependencyId)).size).toBe(40);
    expect(taken.every((lease) => lease.attempts === 1)).toBe(true);
  });

  it('tells its listeners, in every process, when work is scheduled, until they unsubscribe', async () => {
    const { queue, other } = subject;
    const heard: string[] = [];
    const signal = new Signal();
    const listener = (name: string) => () => (heard.push(name), signal.notify());
    const stopHere = queue.onScheduled(listener('here'));
    const stopThere = other.onScheduled(listener('there'));
    await subject.listening();
    await queue.schedule('op-1', now);
    await signal.until(() => heard.includes('here') && heard.includes('there'));
    stopThere();
    heard.length = 0;
    await other.schedule('op-2', { dependencyId: 'plop_2', runAfter: null });
    await signal.until(() => heard.includes('here'));
    // a listener added after it hears a later schedule, so the one removed would have heard both by then
    const stopLater = other.onScheduled(listener('later'));
    await subject.listening();
    await queue.schedule('op-3', { dependencyId: 'plop_3', runAfter: null });
    await signal.until(() => heard.includes('later'));
    expect(heard.filter((name) => name === 'there')).toEqual([]);
    stopHere();
    stopLater();
  });

  it('gives back at once the work leased to owners that are gone, and only theirs', async () => {
    const { queue, other } = subject;
    await queue.schedule('op-1', { dependencyId: 'plop_1', runAfter: null });
    await queue.schedule('op-2', { dependencyId: 'plop_2', runAfter: null });
    const gone = await queue.lease('host:1:gone', HOUR_MS);
    const alive = await queue.lease('host:2:alive', HOUR_MS);
    expect(await other.releaseLeasesOf((owner) => owner === 'host:1:gone')).toBe(1);
    expect(await other.lease('host:3:next', HOUR_MS)).toMatchObject({ dependencyId: gone?.dependencyId, attempts: 2 });
    expect(await other.lease('host:3:next', HOUR_MS)).toBeUndefined(); // the live owner's lease stands
    expect(alive).toBeDefined();
    expect(await other.releaseLeasesOf(() => false)).toBe(0);
  });
});
