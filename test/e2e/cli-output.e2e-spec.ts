import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli';
import { freePort } from '../support/free-port';

/** The JSON log lines of a command's stderr, by level (pino: 30 info, 40 warn, 50 error). */
const logLevels = (stderr: string): number[] =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { level: number }).level);

/**
 * A CLI command answers on stdout and stays quiet otherwise: the application it starts logs only warnings and
 * errors, unless `--verbose` (anywhere on the command line) asks for LOG_LEVEL.
 */
describe('what CLI commands print', () => {
  let env: Record<string, string>;
  beforeAll(async () => {
    const runDir = mkdtempSync(join(tmpdir(), 'domain-engine-cli-'));
    chmodSync(runDir, 0o755);
    env = { DATA_DIR: join(runDir, 'data'), EMBEDDED_POSTGRES_PORT: String(await freePort()), LOG_LEVEL: 'info' };
  });

  it('prints only the answer, with no info logs, even with LOG_LEVEL=info', async () => {
    const created = await runCli(['accounts', 'create-partner', '--profile', 'reseller', '--name', 'Quiet Ltd'], env);
    expect(created.code).toBe(0);
    expect(created.stdout.split('\n')).toEqual([
      expect.stringMatching(/^account: acc-/),
      'profile: reseller',
      expect.stringMatching(/^key id: key-/),
      expect.stringMatching(/^access key \(shown once, .*\): \S+$/),
      '',
    ]);
    expect(logLevels(created.stderr).filter((level) => level < 40)).toEqual([]);

    const listed = await runCli(['keys', 'list'], env);
    expect(listed.code).toBe(0);
    expect(logLevels(listed.stderr)).toEqual([]);
  });

  it('logs at LOG_LEVEL on stderr with --verbose, before or after the command', async () => {
    for (const args of [
      ['--verbose', 'keys', 'list'],
      ['keys', 'list', '--verbose'],
    ]) {
      const verbose = await runCli(args, env);
      expect(verbose.code).toBe(0);
      expect(verbose.stdout.split('\n')[0]).toBe('id\taccount\tkind\tprefix\tcreated\tstatus\tscopes');
      expect(logLevels(verbose.stderr).filter((level) => level === 30).length).toBeGreaterThan(10);
    }
  });
});
