import { Pool } from 'pg';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { CONSUMERS_CHANNEL } from '../../infrastructure/postgres/consumer-runner';
import { ProjectionStore } from '../../application/shared/projection-store.port';
import { catchUpProjections, withApp } from './app-context';
import { CliContext } from './cli-context';
import { ProgressStream, startProgress } from './progress';

/**
 * Starts a new generation of the named projection (all of them when no name is given). When no service runs it,
 * the rebuild runs here to the end of the store; otherwise the running service is told and rebuilds it, and
 * queries keep reading the old generation until the new one has caught up. A rebuild run here shows the events
 * applied (summed over the projections, each applying its own) on `stderr`.
 */
export const rebuildProjections = (
  context: CliContext,
  name: string | undefined,
  out: (line: string) => void,
  stderr: ProgressStream = process.stderr,
): Promise<void> =>
  // the rebuild catches up what it chose itself
  withApp(context, [], async (app) => {
    const all = app.get(ConsumerRegistry).projections;
    const chosen = name ? all.filter((projection) => projection.name === name) : all;
    if (chosen.length === 0)
      throw new Error(`no projection named ${name}; known: ${all.map((projection) => projection.name).join(', ')}`);
    const pool = app.get(Pool);
    const projectionStore = app.get(ProjectionStore);
    for (const projection of chosen) await projectionStore.startNewGeneration(projection.name, projection.version);
    await pool.query(`select pg_notify('${CONSUMERS_CHANNEL}', '')`);
    // a rebuild in a running service may take long: report it instead of waiting for it
    const label = chosen.length === 1 ? `rebuilding ${chosen[0].name}` : `rebuilding ${chosen.length} projections`;
    // stdout says nothing until the end: the bar tears no line of it
    const here = await catchUpProjections(app, context, chosen, false, (total) => startProgress(label, total, stderr));
    for (const projection of chosen) {
      out(
        here.has(projection.name)
          ? `${projection.name}: rebuilt and live`
          : `${projection.name}: a running service rebuilds it now`,
      );
    }
  });
