import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Starts test/support/worker-process.ts (a worker with the `TEST_STEP` executor) on a database; resolves once it is
 * ready.
 */
export const startChildWorker = (databaseUrl: string, env: Record<string, string> = {}): Promise<ChildProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'worker-process.ts')], {
      cwd: join(__dirname, '../..'),
      env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
    child.on('exit', (code) => reject(new Error(`worker process exited (${code}) before it was ready: ${errors}`)));
  });

export const killed = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
