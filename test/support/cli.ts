import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const ROOT = join(__dirname, '../..');
const ENTRY = ['-r', '@swc-node/register', join(__dirname, 'cli-entry.ts')];

/** Runs a CLI command to its end; resolves with its exit code and output. */
export const runCli = (
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...ENTRY, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

/** Starts `serve` without waiting for it; `output()` is what it has printed so far, on stdout and stderr. */
export const spawnService = (env: Record<string, string>, args: string[] = []): ChildProcess & { output(): string } => {
  const child = spawn(process.execPath, [...ENTRY, 'serve', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
};

/**
 * Starts `serve` (with `args`, e.g. a role) and resolves once it logs that it serves, with what it printed until then.
 */
export const startService = (
  env: Record<string, string>,
  args: string[] = [],
): Promise<ChildProcess & { startOutput: string; output(): string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...ENTRY, 'serve', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('domain-engine serving on'))
        resolve(Object.assign(child, { startOutput: output, output: () => output }));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`serve exited (${code}): ${output.slice(-2000)}`)));
  });

export const stopped = (child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> =>
  new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });

/**
 * The environment of a `serve` a test starts on the embedded defaults: a data directory of its own (its parent
 * traversable by the `postgres` account the embedded server runs as) and free ports for HTTP, PostgreSQL and the
 * chains; `extra` adds to it or overrides it.
 */
export const embeddedServiceEnv = async (
  name: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> => {
  const runDir = mkdtempSync(join(tmpdir(), `domain-engine-${name}-`));
  chmodSync(runDir, 0o755);
  return {
    DATA_DIR: join(runDir, 'data'),
    PORT: String(await freePort()),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    CHAIN_ETH_PORT: String(await freePort()),
    CHAIN_MATIC_PORT: String(await freePort()),
    CHAIN_BASE_PORT: String(await freePort()),
    ...extra,
  };
};
