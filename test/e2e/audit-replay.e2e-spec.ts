import { CommandBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { AuditTrail } from '../../src/application/audit/audit-trail';
import { ChangeOperation } from '../../src/application/operations/change-operation.command';
import { EventStore } from '../../src/application/shared/event-store.port';
import { DomainActivity } from '../../src/domain/operations/domain-activity';
import { ExistingOperation } from '../../src/domain/operations/operation';
import { Parameters } from '../../src/domain/operations/operation.events';
import { auditOf } from '../../src/interfaces/cli/audit';
import { freshName } from '../support/market';
import { requestTestOperation } from '../support/operations';
import { createTestApp, TestApp } from '../support/test-app';
import { TestExecutorModule } from '../support/test-executor.module';
import { newWeb3Partner, Web3Partner } from '../support/web3-partner';

interface DependencyBody {
  readonly id: string;
  readonly type: string;
  readonly status: string;
  readonly result?: Parameters;
  readonly error?: { code: string; message: string };
}

interface OperationBody {
  readonly id: string;
  readonly status: string;
  readonly domain?: string;
  readonly lastUpdatedTimestamp: number;
  readonly dependencies: readonly DependencyBody[];
}

/** What a GET answer and a folded state both say of an operation, each read in its own shape. */
const told = (body: OperationBody) => ({
  id: body.id,
  status: body.status,
  domain: body.domain,
  lastUpdated: body.lastUpdatedTimestamp,
  dependencies: body.dependencies.map(({ id, type, status, result, error }) => ({ id, type, status, result, error })),
});
const folded = (op: ExistingOperation) => ({
  id: op.id,
  status: op.status,
  domain: op.domain ?? undefined,
  lastUpdated: op.updatedAt,
  dependencies: op.dependencies.map(({ id, type, status, result, error }) => ({
    id,
    type,
    status,
    result: result ?? undefined,
    error: error ?? undefined,
  })),
});

/**
 * Issue 29's audit replay on the hard path: an operation that waited for a signature, was signed, then failed and
 * cancelled what was left. Its timeline is exactly the events stored for it, in order, and its state as of each moment
 * the partner read `GET /partner/v3/operations/{id}` (surface C, where signatures are asked for) is what it was told.
 * An API takes the request and the signature; a worker, started once the queued operation has been read, does the
 * steps, as in production.
 */
describe('the audit replay of a signed operation that failed', () => {
  let api: TestApp;
  let worker: TestApp | undefined;
  let pool: Pool;
  let partner: Web3Partner;

  beforeAll(async () => {
    // no workers in the API process: the operation stays queued until the worker starts
    api = await createTestApp({
      role: 'api',
      env: { READ_YOUR_WRITES_WAIT_MS: '0' },
      extraModules: [TestExecutorModule],
    });
    pool = new Pool({ connectionString: api.databaseUrl, max: 1 });
    partner = await newWeb3Partner(api);
  });
  afterAll(async () => {
    await pool.end();
    await worker?.close();
    await api.close();
  });

  it('replays exactly the stored events in order, and the state as of each moment the partner read', async () => {
    const domain = freshName('replayed', 'x');
    const requested = await requestTestOperation(api, {
      accountId: partner.accountId,
      surface: 'web3',
      domain,
      steps: [{ outcome: 'signature' }, { outcome: 'fail' }, {}],
    });
    const operationId = requested.id;
    const seen: { at: number; body: OperationBody }[] = [];
    const look = async () => {
      // settled by the caller: the worker runs the read models, the API answers from them
      const read = await partner.call('GET', `/operations/${operationId}`);
      expect(read.status).toBe(200);
      const at = Date.now();
      seen.push({ at, body: read.body });
      // the store keeps microseconds and a moment is a millisecond: what happens next must fall in a later one
      while (Date.now() <= at) await new Promise(setImmediate);
    };

    await look();
    worker = await createTestApp({ role: 'worker', databaseUrl: api.databaseUrl, extraModules: [TestExecutorModule] });
    await worker.settled();
    await look();
    const [signed, failed, cancelled] = seen[1].body.dependencies.map((dependency) => dependency.id);
    // the owner's signature, as the PATCH hands it on once checked (SignDependency)
    await api.app
      .get(CommandBus)
      .execute(
        new ChangeOperation(
          operationId,
          { type: 'ResumeDependency', data: { dependencyId: signed, input: { signature: '0x51' }, at: Date.now() } },
          { accountId: partner.accountId },
        ),
      );
    await worker.settled();
    await look();
    expect(seen.map(({ body }) => [body.status, ...body.dependencies.map((dependency) => dependency.status)])).toEqual([
      ['QUEUED', 'QUEUED', 'QUEUED', 'QUEUED'],
      ['SIGNATURE_REQUIRED', 'SIGNATURE_REQUIRED', 'QUEUED', 'QUEUED'],
      ['FAILED', 'COMPLETED', 'FAILED', 'CANCELLED'],
    ]);

    const trail = new AuditTrail(api.app.get(EventStore));
    const timeline = await trail.timeline('operation', operationId);
    const { rows } = await pool.query<{
      stream_id: string;
      stream_position: number;
      global_position: string;
      type: string;
      data: unknown;
    }>(
      `select stream_id, stream_position, global_position::text, type, data from events
        where stream_id = $1 or data->>'operationId' = $2 order by transaction_id, global_position`,
      [`operation-${operationId}`, operationId],
    );
    expect(timeline.truncated).toBe(false);
    expect(
      timeline.events.map((event) => [
        event.streamId,
        event.streamPosition,
        String(event.globalPosition),
        event.type,
        event.data,
      ]),
    ).toEqual(rows.map((row) => [row.stream_id, row.stream_position, row.global_position, row.type, row.data]));
    // the domain's claim and release name the operation from a stream of their own
    expect(new Set(timeline.events.map((event) => event.streamId))).toEqual(
      new Set([`operation-${operationId}`, `domain-activity-${domain}`]),
    );
    const path = [
      'DependencySignatureRequested',
      'DependencyResumed',
      'DependencyFailed',
      'DependencyCancelled',
      'OperationFinished',
    ];
    expect(
      timeline.events
        .filter((event) => path.includes(event.type))
        .map(({ type, data }) => {
          const { dependencyId, status } = data as { dependencyId?: string; status?: string };
          return [type, dependencyId ?? status];
        }),
    ).toEqual([
      ['DependencySignatureRequested', signed],
      ['DependencyResumed', signed],
      ['DependencyFailed', failed],
      ['DependencyCancelled', cancelled],
      ['OperationFinished', 'FAILED'],
    ]);

    // before it was asked for nothing was; then, at each moment, what the partner read is the fold of what was stored
    expect(await trail.statesAsOf(timeline, timeline.events[0].recordedAt.getTime() - 1)).toEqual({});
    const held: (string | null)[] = [];
    for (const { at, body } of seen) {
      const states = await trail.statesAsOf(timeline, at);
      expect(folded(states[`operation-${operationId}`] as ExistingOperation)).toEqual(told(body));
      held.push((states[`domain-activity-${domain}`] as DomainActivity).openOperationId);
    }
    expect(held).toEqual([operationId, operationId, null]);

    // the CLI's audit as of the moment the signature was asked for: the events up to then, and the same state
    const waiting = seen[1];
    const lines: string[] = [];
    const printed = await auditOf(
      api.app.get(EventStore),
      'operation',
      operationId,
      { json: true, asOf: new Date(waiting.at).toISOString() },
      (line) => lines.push(line),
    );
    const byThen = timeline.events.filter((event) => event.recordedAt.getTime() <= waiting.at);
    expect(printed).toBe(byThen.length);
    expect(lines.slice(0, -1).map((line) => JSON.parse(line).type)).toEqual(byThen.map((event) => event.type));
    expect(byThen.at(-1)?.type).toBe('DependencySignatureRequested');
    const { states } = JSON.parse(lines.at(-1)!);
    expect(folded(states[`operation-${operationId}`])).toEqual(told(waiting.body));
  });
});
