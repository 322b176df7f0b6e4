import { Pool } from 'pg';
import {
  DependencyExecutor,
  DependencyJob,
  ExecutionOutcome,
} from '../../src/application/operations/dependency-executor.port';

/**
 * The `TEST_STEP` dependency: proves the operation engine before real executors exist. Its parameters say what to
 * answer; its one effect per dependency is a row in `test_step_effects`, written the way real executors must act
 * (check first, then act), so however often a job runs the effect happens once. Every run is counted too.
 *
 * parameters: { outcome: complete | fail | signature | input | retry, retries?: number, holdFirstRun?: boolean }
 */
export const TEST_STEP_HELD_CHANNEL = 'test_step_held';

export class TestStepExecutor implements DependencyExecutor {
  readonly handles = ['TEST_STEP'];

  constructor(private readonly pool: Pool) {}

  static async createTables(pool: Pool): Promise<void> {
    await pool.query(
      `create table if not exists test_step_runs (dependency_id text not null, attempt integer not null, at timestamptz not null default clock_timestamp())`,
    );
    await pool.query(
      `create table if not exists test_step_effects (dependency_id text primary key, at timestamptz not null default clock_timestamp())`,
    );
  }

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    await this.pool.query('insert into test_step_runs (dependency_id, attempt) values ($1, $2)', [
      job.dependencyId,
      job.attempt,
    ]);
    const { rowCount } = await this.pool.query(
      'insert into test_step_effects (dependency_id) values ($1) on conflict do nothing',
      [job.dependencyId],
    );
    const firstEffect = rowCount === 1;
    // the worker dies here in the crash test: the effect is done, the outcome not yet recorded
    if (job.parameters.holdFirstRun === true && firstEffect) {
      await this.pool.query(`select pg_notify('${TEST_STEP_HELD_CHANNEL}', $1)`, [job.dependencyId]);
      await new Promise(() => undefined);
    }
    const retries = typeof job.parameters.retries === 'number' ? job.parameters.retries : 0;
    switch (job.parameters.outcome) {
      case 'fail':
        return { kind: 'failed', error: { code: 'TEST_FAILURE', message: 'the test step was told to fail' } };
      case 'signature':
        return job.input.signature
          ? { kind: 'completed', result: { signedWith: job.input.signature } }
          : {
              kind: 'signatureRequired',
              transaction: { messageToSign: `0x${job.dependencyId.replace(/[^0-9a-f]/g, '')}` },
            };
      case 'input':
        return job.input.update
          ? { kind: 'completed', result: { updatedWith: job.input.update } }
          : { kind: 'inputRequired', reason: 'the test step waits for an update' };
      case 'retry':
        return job.attempt <= retries
          ? { kind: 'retryLater', reason: `attempt ${job.attempt} of ${retries + 1}`, afterMs: 1 }
          : { kind: 'completed', result: { attempts: job.attempt } };
      case 'throw':
        if (job.attempt <= retries) throw new Error(`the test step throws on attempt ${job.attempt}`);
        return { kind: 'completed', result: { attempts: job.attempt } };
      default:
        return { kind: 'completed', result: { ran: job.dependencyId } };
    }
  }
}
