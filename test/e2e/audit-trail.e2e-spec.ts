import { Pool } from 'pg';
import { AuditTrail } from '../../src/application/audit/audit-trail';
import { EventStore } from '../../src/application/shared/event-store.port';
import { auditOf } from '../../src/interfaces/cli/audit';
import { ADA_CONTACT } from '../support/contacts';
import { freshName } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller } from '../support/web3-partner';

const owner = { type: 'SELF', contact: { ...ADA_CONTACT, phone: { dialingPrefix: '44', number: '2071234567' } } };

/**
 * Issue 29's audit replay: an operation's timeline is exactly the events stored that belong to it, in the order they
 * were stored, and its state as of a moment, folded with the service's own deciders, is what the partner was told at
 * that moment. The registration runs in two processes, as in production: an API that takes it, a worker that does it.
 */
describe('the audit of an operation and of a domain', () => {
  let api: TestApp;
  let worker: TestApp | undefined;
  let pool: Pool;

  beforeAll(async () => {
    // no workers in the API process: the operation waits, as the partner was told, until the worker starts
    api = await createTestApp({ role: 'api', env: { READ_YOUR_WRITES_WAIT_MS: '0' } });
    pool = new Pool({ connectionString: api.databaseUrl, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await worker?.close();
    await api.close();
  });

  it('replays exactly the stored events in order, and the state as of each moment the partner saw', async () => {
    const reseller = await newReseller(api);
    const name = freshName('audited');
    const asked = await reseller.call('POST', '/domains', { name, owner });
    expect(asked.status).toBe(201);
    const operationId: string = asked.body.operation.id;
    const seen: { at: number; status: string }[] = [];
    const look = async () => {
      const { status } = await reseller.operation(operationId);
      seen.push({ at: Date.now(), status });
    };
    await look();
    worker = await createTestApp({ role: 'worker', databaseUrl: api.databaseUrl });
    await worker.settled();
    await look();
    expect(seen.map((moment) => moment.status)).toEqual(['QUEUED', 'COMPLETED']);

    const trail = new AuditTrail(api.app.get(EventStore));
    const timeline = await trail.timeline('operation', operationId);
    const { rows } = await pool.query<{ stream_id: string; type: string }>(
      `select stream_id, type from events where stream_id = $1 or data->>'operationId' = $2
        order by transaction_id, global_position`,
      [`operation-${operationId}`, operationId],
    );
    expect(timeline.truncated).toBe(false);
    expect(timeline.events.map((event) => [event.streamId, event.type])).toEqual(
      rows.map((row) => [row.stream_id, row.type]),
    );
    expect(timeline.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['OperationRequested', 'DependencyStarted', 'DependencyCompleted', 'OperationFinished']),
    );
    expect(new Set(timeline.events.map((event) => event.metadata.actor?.split(':')[0]))).toEqual(
      new Set(['credential', 'worker']),
    );

    // before it was asked for, when the partner saw it queued, and when it saw it completed
    const before = timeline.events[0].recordedAt.getTime() - 1;
    expect(await trail.statesAsOf(timeline, before)).toEqual({});
    for (const { at, status } of seen) {
      const states = await trail.statesAsOf(timeline, at);
      expect(states[`operation-${operationId}`]).toMatchObject({ id: operationId, status });
    }

    // the domain's history holds the registry's side and ours, and the CLI prints it, as of a moment too
    const domain = await trail.timeline('domain', name);
    const streams = new Set(domain.events.map((event) => event.streamId));
    for (const stream of [
      `registry-domain-${name}`,
      `dns-domain-${name}`,
      `dns-zone-${name}`,
      `operation-${operationId}`,
    ])
      expect([stream, streams.has(stream)]).toEqual([stream, true]);
    const lines: string[] = [];
    const printed = await auditOf(api.app.get(EventStore), 'domain', name, { json: false }, (line) => lines.push(line));
    expect(printed).toBe(domain.events.length);
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.* {2}\S+#\d+ {2}\w+ {2}actor=\S+ account=/);
    const asOf: string[] = [];
    await auditOf(
      api.app.get(EventStore),
      'operation',
      operationId,
      { json: true, asOf: new Date(seen[0].at).toISOString() },
      (line) => asOf.push(line),
    );
    const last = JSON.parse(asOf.at(-1)!);
    expect(last.states[`operation-${operationId}`]).toMatchObject({ status: 'QUEUED' });
    await expect(auditOf(api.app.get(EventStore), 'planet', 'x', { json: false }, () => undefined)).rejects.toThrow(
      /an audit is of operation, domain/,
    );
  });
});
