import { randomUUID } from 'node:crypto';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Pool } from 'pg';
import { RequestOperation } from '../../src/application/operations/request-operation.command';
import { ExistingOperation } from '../../src/domain/operations/operation';
import { OperationSurface } from '../../src/domain/operations/operation.events';
import { newId } from '../../src/domain/shared/ids';
import { GetOperation } from '../../src/projections/operation-list/operation-list.queries';
import { TestApp } from './test-app';

export type StepOutcome = 'complete' | 'fail' | 'signature' | 'input' | 'retry' | 'throw';

export interface Step {
  readonly outcome?: StepOutcome;
  readonly retries?: number;
  readonly holdFirstRun?: boolean;
}

/** Requests an operation of TEST_STEP dependencies through the command bus, as a surface would. */
export const requestTestOperation = (
  subject: TestApp,
  options: { accountId?: string; domain?: string | null; steps: Step[]; preview?: boolean; surface?: OperationSurface },
): Promise<ExistingOperation> =>
  subject.app.get(CommandBus).execute(
    new RequestOperation({
      accountId: options.accountId ?? 'acct-1',
      surface: options.surface ?? 'reseller',
      type: options.surface === 'web3' ? 'DOMAIN_UPDATE' : 'DOMAIN_ADMIN_UPDATE',
      domain: options.domain === undefined ? `${randomUUID().slice(0, 8)}.com` : options.domain,
      preview: options.preview,
      dependencies: options.steps.map((step) => ({
        id: newId('resellerDependency'),
        type: 'TEST_STEP',
        parameters: { outcome: 'complete', ...step },
      })),
    }),
  );

export const readOperation = async (subject: TestApp, op: ExistingOperation): Promise<ExistingOperation> => {
  const found = await subject.app.get(QueryBus).execute(new GetOperation(op.accountId, op.id));
  if (!found) throw new Error(`operation ${op.id} is not in the read model`);
  return found;
};

/** How many times each dependency's executor ran, and how many effects it had. */
export const executorCounts = async (pool: Pool, dependencyIds: readonly string[]) => {
  const runs = await pool.query<{ dependency_id: string; runs: string }>(
    'select dependency_id, count(*) as runs from test_step_runs where dependency_id = any($1) group by dependency_id',
    [dependencyIds],
  );
  const effects = await pool.query<{ count: string }>(
    'select count(*) from test_step_effects where dependency_id = any($1)',
    [dependencyIds],
  );
  return {
    runs: Object.fromEntries(runs.rows.map((row) => [row.dependency_id, Number(row.runs)])) as Record<string, number>,
    effects: Number(effects.rows[0].count),
  };
};
