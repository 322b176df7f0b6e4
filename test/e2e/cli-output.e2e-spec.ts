import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createSocket } from 'node:dgram';
import { AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli';
import { freePort } from '../support/free-port';
import { createTestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

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

    const operator = await runCli(['operators', 'create', '--name', 'Night shift'], env);
    expect(operator.code).toBe(0);
    expect(operator.stdout.split('\n')).toEqual([
      expect.stringMatching(/^account: acc-/),
      expect.stringMatching(/^key id: key-/),
      expect.stringMatching(/^operator key \(shown once, .*\): svc_ops_[0-9a-f]{64}$/),
      '',
    ]);
    const keys = await runCli(['keys', 'list'], env);
    expect(keys.stdout).toMatch(/\toperator_key\tsvc_ops_/);
  });

  it('opens no DNS or hosting listener for a command: ports a service holds stay its own', async () => {
    // what a running service on this machine holds: the command must not try them (nor warn that they are taken)
    const tcp = createServer();
    const udp = createSocket('udp4');
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const [taken, takenUdp] = [(tcp.address() as AddressInfo).port, udp.address().port];
    try {
      const listed = await runCli(['keys', 'list'], {
        ...env,
        DNS_HOST: '127.0.0.1',
        DNS_PORT: String(takenUdp),
        HOSTING_HOST: '127.0.0.1',
        HOSTING_PORT: String(taken),
      });
      expect(listed.code).toBe(0);
      expect(logLevels(listed.stderr)).toEqual([]);
    } finally {
      tcp.close();
      udp.close();
    }
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

  it("moves the sandbox registry's clock forward, never back, and shows it to every later command", async () => {
    const before = Date.now();
    const advanced = await runCli(['registry', 'clock', 'advance', '45d'], env);
    expect(advanced.code).toBe(0);
    const registryTime = (stdout: string) => {
      const match = /^registry time: (\S+) \((\d+\.\d\d) days ahead\)\n$/.exec(stdout);
      expect(match).not.toBeNull();
      return { at: Date.parse(match![1]), days: match![2] };
    };
    const first = registryTime(advanced.stdout);
    expect(first.days).toBe('45.00');
    expect(first.at).toBeGreaterThanOrEqual(before + 45 * 86_400_000);

    const shown = await runCli(['registry', 'clock', 'show'], env);
    expect(registryTime(shown.stdout).days).toBe('45.00');
    for (const refused of ['0d', 'soon']) {
      const answer = await runCli(['registry', 'clock', 'advance', refused], env);
      expect([answer.code, answer.stdout]).toEqual([1, '']);
      expect(answer.stderr).toContain(`not "${refused}"`);
    }
    expect(registryTime((await runCli(['registry', 'clock', 'show'], env)).stdout).days).toBe('45.00');
  });

  it('answers --help, --version and a mistake without starting anything: no database, no data directory', async () => {
    const untouched = { ...env, DATA_DIR: join(mkdtempSync(join(tmpdir(), 'domain-engine-cli-help-')), 'never') };
    const help = await runCli(['--help'], untouched);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('Usage: domain-engine')]);
    const version = await runCli(['--version'], untouched);
    const { version: published } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
    expect([version.code, version.stdout]).toEqual([0, `${published}\n`]);
    const mistake = await runCli(['keys', 'lsit'], untouched);
    expect(mistake.code).toBe(1);
    expect(mistake.stderr).toContain("unknown command 'lsit'");
    expect(existsSync(untouched.DATA_DIR)).toBe(false);
  });

  it('never changes what a running service answers: a command run without its PORT leaves its links its own', async () => {
    const databaseUrl = await createTestDatabase();
    const service = await createTestApp({ databaseUrl, env: { PORT: '9999' } });
    try {
      const search = async () =>
        (
          await service.app.inject({
            method: 'POST',
            url: '/mcp/v1/actions/svc_knowledge_base_search',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ query: 'renew a domain' }),
          })
        )
          .json()
          .results.map((result: { url: string }) => result.url) as string[];
      const before = await search();
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((url) => url.startsWith('http://localhost:9999/knowledge/help/'))).toBe(true);
      const listed = await runCli(['keys', 'list'], { ...env, DATABASE_URL: databaseUrl }); // PORT: its default
      expect(listed.code).toBe(0);
      expect(await search()).toEqual(before);
    } finally {
      await service.close();
    }
  });
});
