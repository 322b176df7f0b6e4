import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { ChangeOperation } from '../../src/application/operations/change-operation.command';
import { EventStore } from '../../src/application/shared/event-store.port';
import { domainActivityStream } from '../../src/domain/operations/domain-activity';
import { operationStream } from '../../src/domain/operations/operation';
import { ConcurrentOperation, DomainError } from '../../src/domain/shared/errors';
import {
  GetOperation,
  ListOperations,
  ListPendingOperations,
} from '../../src/projections/operation-list/operation-list.queries';
import { executorCounts, readOperation, requestTestOperation } from '../support/operations';
import { createTestApp, TestApp } from '../support/test-app';
import { TestExecutorModule } from '../support/test-executor.module';

describe('operation engine', () => {
  let subject: TestApp;
  let pool: Pool;
  beforeAll(async () => {
    subject = await createTestApp({
      env: { WORKER_RETRY_BASE_MS: '5', WORKER_CONCURRENCY: '4' },
      extraModules: [TestExecutorModule],
    });
    pool = subject.app.get(Pool);
  });
  afterAll(() => subject.close());

  const dependencyIds = (op: { dependencies: readonly { id: string }[] }) =>
    op.dependencies.map((dependency) => dependency.id);

  it('runs the dependencies in order and completes the operation', async () => {
    const requested = await requestTestOperation(subject, { steps: [{}, {}, {}] });
    expect(requested.status).toBe('QUEUED');
    await subject.settled();
    const op = await readOperation(subject, requested);
    expect(op.status).toBe('COMPLETED');
    expect(op.dependencies.map((dependency) => [dependency.status, dependency.result])).toEqual(
      dependencyIds(op).map((id) => ['COMPLETED', { ran: id }]),
    );
    const { rows } = await pool.query(
      'select dependency_id from test_step_runs where dependency_id = any($1) order by at',
      [dependencyIds(op)],
    );
    expect(rows.map((row) => row.dependency_id)).toEqual(dependencyIds(op));
  });

  it('fails the operation when a dependency fails, and cancels its queued siblings without running them', async () => {
    const requested = await requestTestOperation(subject, { steps: [{}, { outcome: 'fail' }, {}, {}] });
    await subject.settled();
    const op = await readOperation(subject, requested);
    expect(op.status).toBe('FAILED');
    expect(op.dependencies.map((dependency) => dependency.status)).toEqual([
      'COMPLETED',
      'FAILED',
      'CANCELLED',
      'CANCELLED',
    ]);
    expect(op.dependencies[1].error).toEqual({ code: 'TEST_FAILURE', message: 'the test step was told to fail' });
    const { runs } = await executorCounts(pool, dependencyIds(op));
    expect(runs).toEqual({ [op.dependencies[0].id]: 1, [op.dependencies[1].id]: 1 });
  });

  it('stops for a signature and continues once it is submitted', async () => {
    const requested = await requestTestOperation(subject, { steps: [{ outcome: 'signature' }, {}] });
    await subject.settled();
    const waiting = await readOperation(subject, requested);
    expect(waiting.status).toBe('SIGNATURE_REQUIRED');
    expect(waiting.dependencies[0]).toMatchObject({
      status: 'SIGNATURE_REQUIRED',
      transaction: { messageToSign: expect.stringMatching(/^0x/) },
    });
    expect(waiting.dependencies[1].status).toBe('QUEUED');

    const dependencyId = waiting.dependencies[0].id;
    await subject.app.get(CommandBus).execute(
      new ChangeOperation(requested.id, {
        type: 'ResumeDependency',
        data: { dependencyId, input: { signature: '0x51' }, at: Date.now() },
      }),
    );
    await subject.settled();
    const done = await readOperation(subject, requested);
    expect(done.status).toBe('COMPLETED');
    expect(done.dependencies[0].result).toEqual({ signedWith: '0x51' });
  });

  it('waits for updates (AWAITING_UPDATES) and refuses input nobody waits for', async () => {
    const requested = await requestTestOperation(subject, { steps: [{ outcome: 'input' }] });
    await subject.settled();
    expect((await readOperation(subject, requested)).status).toBe('AWAITING_UPDATES');
    const resume = (id: string) =>
      subject.app.get(CommandBus).execute(
        new ChangeOperation(requested.id, {
          type: 'ResumeDependency',
          data: { dependencyId: id, input: { update: 'contact verified' }, at: Date.now() },
        }),
      );
    await resume(requested.dependencies[0].id);
    await subject.settled();
    expect((await readOperation(subject, requested)).status).toBe('COMPLETED');
    await expect(resume(requested.dependencies[0].id)).rejects.toMatchObject({ code: 'ILLEGAL_TRANSITION' });
  });

  it('retries a dependency that asks to be retried later, and one whose executor throws', async () => {
    const requested = await requestTestOperation(subject, {
      steps: [
        { outcome: 'retry', retries: 2 },
        { outcome: 'throw', retries: 2 },
      ],
    });
    await subject.settled();
    const op = await readOperation(subject, requested);
    expect(op.status).toBe('COMPLETED');
    expect(op.dependencies.map((dependency) => dependency.result)).toEqual([{ attempts: 3 }, { attempts: 3 }]);
  });

  it('frees the domain when an operation finishes, so the next one can start', async () => {
    const first = await requestTestOperation(subject, { domain: 'sequential.com', steps: [{}] });
    await subject.settled();
    expect((await readOperation(subject, first)).status).toBe('COMPLETED');
    const second = await requestTestOperation(subject, { domain: 'sequential.com', accountId: 'acct-2', steps: [{}] });
    await subject.settled();
    expect((await readOperation(subject, second)).status).toBe('COMPLETED');
  });

  it('accepts exactly one of 50 concurrent operations on one domain from different accounts', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, (_, n) =>
        requestTestOperation(subject, {
          domain: 'contested.com',
          accountId: `acct-${n}`,
          steps: [{ outcome: 'input' }],
        }),
      ),
    );
    const accepted = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected');
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(ConcurrentOperation);
      expect((reason as DomainError).code).toBe('CONCURRENT_OPERATION');
    }
    const winner = (accepted[0] as PromiseFulfilledResult<{ id: string }>).value;
    const activity = await subject.app.get(EventStore).readStream(domainActivityStream('contested.com'));
    expect(activity.map((event) => [event.type, (event.data as { operationId: string }).operationId])).toEqual([
      ['DomainOperationStarted', winner.id],
    ]);
    await subject.settled();
    const pending = await subject.app.get(QueryBus).execute(new ListPendingOperations('contested.com'));
    expect(pending.map((op) => op.id)).toEqual([winner.id]);
  });

  it('keeps a preview out of the queue and off the domain', async () => {
    const preview = await requestTestOperation(subject, { domain: 'quoted.com', steps: [{}], preview: true });
    expect(preview.status).toBe('PREVIEW');
    const real = await requestTestOperation(subject, { domain: 'quoted.com', steps: [{}] });
    await subject.settled();
    expect((await readOperation(subject, preview)).status).toBe('PREVIEW');
    expect((await readOperation(subject, real)).status).toBe('COMPLETED');
    expect((await executorCounts(pool, dependencyIds(preview))).runs).toEqual({});
  });

  it('lists an account’s operations newest first in stable pages, and shows nobody else’s', async () => {
    const mine = [];
    for (let n = 0; n < 5; n++) mine.push(await requestTestOperation(subject, { accountId: 'lister', steps: [{}] }));
    await requestTestOperation(subject, { accountId: 'someone-else', steps: [{}] });
    await subject.settled();
    const queries = subject.app.get(QueryBus);
    const first = await queries.execute(
      new ListOperations({ accountId: 'lister', surface: 'reseller', previews: true }, { limit: 3 }),
    );
    const second = await queries.execute(
      new ListOperations(
        { accountId: 'lister', surface: 'reseller', previews: true },
        { limit: 3, after: first.next ?? undefined },
      ),
    );
    expect([...first.items, ...second.items].map((op) => op.id)).toEqual(mine.map((op) => op.id).reverse());
    expect(second.next).toBeNull();
    expect(await queries.execute(new GetOperation('someone-else', mine[0].id))).toBeUndefined();
  });

  it('records every step in the operation stream for the audit replay', async () => {
    const requested = await requestTestOperation(subject, { steps: [{}] });
    await subject.settled();
    const events = await subject.app.get(EventStore).readStream(operationStream(requested.id));
    expect(events.map((event) => event.type)).toEqual([
      'OperationRequested',
      'DependencyStarted',
      'DependencyCompleted',
      'OperationFinished',
    ]);
    expect(events[0].metadata).toMatchObject({ accountId: 'acct-1', commandId: expect.any(String) });
  });
});
