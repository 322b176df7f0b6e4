import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { PostgresEventStore } from '../../src/infrastructure/postgres/postgres-event-store';
import { PostgresNotifications } from '../../src/infrastructure/postgres/postgres-notifications';
import { embeddedServiceEnv, runCli, startService, stopped } from '../support/cli';
import { ADA_CONTACT } from '../support/contacts';
import { quietLog } from '../support/event-stores';
import { eventually } from '../support/eventually';

/**
 * The service as a user runs it: `serve` on the embedded defaults (its own PostgreSQL in DATA_DIR), the CLI beside
 * it and without it, a clean stop on SIGTERM/SIGINT, and data kept across restarts.
 */
describe('the service and its CLI on the embedded defaults', () => {
  let env: Record<string, string>;
  let dataDir: string;
  beforeAll(async () => {
    env = await embeddedServiceEnv('serve');
    dataDir = env.DATA_DIR;
  });

  const health = () => fetch(`http://127.0.0.1:${env.PORT}/health`);
  const chainAnswers = (port: string) =>
    fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    }).then(
      (response) => response.ok,
      () => false,
    );
  const chainPorts = () => [env.CHAIN_ETH_PORT, env.CHAIN_MATIC_PORT, env.CHAIN_BASE_PORT];
  const pidFile = () => join(dataDir, 'postgres', 'postmaster.pid');

  /** Appends an event straight into the embedded database, as the service's own store would. */
  const appendAuditProbe = async (): Promise<void> => {
    const password = readFileSync(join(dataDir, 'postgres', 'domain-engine.password'), 'utf8');
    const url = `postgres://postgres:${password}@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT}/domain_engine`;
    const pool = new Pool({ connectionString: url });
    const notifications = new PostgresNotifications(url, quietLog);
    await new PostgresEventStore(pool, notifications).append(
      [
        {
          streamId: 'audit-probe',
          expectedVersion: 'no_stream',
          events: [{ type: 'ProbeRecorded', data: { note: 'kept' } }],
        },
      ],
      { commandId: randomUUID(), correlationId: 'corr-probe', causationId: 'cause-probe', accountId: 'acct-probe' },
    );
    await notifications.close();
    await pool.end();
  };

  it('serves, is reused by the CLI while running, stops cleanly, and keeps its data across a restart', async () => {
    const first = await startService(env);
    expect((await health()).status).toBe(200);
    expect(first.startOutput).toContain('Demo accounts, created on this first start');
    const agentKey = /agent API key \(surface A\): (svc_mcp_[0-9a-f]{64})/.exec(first.startOutput)?.[1];
    const tlds = await fetch(`http://127.0.0.1:${env.PORT}/mcp/v1/actions/svc_tld_list`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agentKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(tlds.status).toBe(200);
    // the three chains run, and the ETH fixtures are indexed and resolvable with the demo resolution key
    expect(await Promise.all(chainPorts().map(chainAnswers))).toEqual([true, true, true]);
    const resolutionKey = /Resolution key \(surface E, \/resolve\): (svc_res_[0-9a-f]{64})/.exec(
      first.startOutput,
    )?.[1];
    const fixture = async () => {
      const response = await fetch(`http://127.0.0.1:${env.PORT}/resolve/domains/brad.crypto`, {
        headers: { authorization: `Bearer ${resolutionKey}` },
      });
      return (await response.json()) as { meta: Record<string, unknown> };
    };
    await eventually(async () =>
      expect((await fixture()).meta).toMatchObject({ domain: 'brad.crypto', blockchain: 'ETH', networkId: 1 }),
    );
    await appendAuditProbe();

    const whileRunning = await runCli(['replay', 'audit-probe'], env);
    expect(whileRunning.code).toBe(0);
    expect(whileRunning.stdout).toMatch(
      / 1 {2}\S+Z {2}ProbeRecorded {2}account=acct-probe actor=\S+ command=\S+ correlation=corr-probe causation=cause-probe {2}\{"note":"kept"\}/,
    );
    expect(existsSync(pidFile())).toBe(true); // the CLI left the service's server running

    // an agent key of the demo user with one scope, from the command line: it searches, and lists no portfolio
    const user = /Demo user (acc-[0-9a-f-]{36})/.exec(first.startOutput)?.[1] as string;
    const narrow = await runCli(
      ['keys', 'create', '--account', user, '--kind', 'agent', '--scopes', 'domains:search'],
      env,
    );
    expect(narrow.stdout).toMatch(/^scopes: domains:search$/m);
    const narrowKey = /^key \(shown once\): (svc_mcp_[0-9a-f]{64})$/m.exec(narrow.stdout)?.[1];
    const actAs = (key: string | undefined, action: string, body: unknown) =>
      fetch(`http://127.0.0.1:${env.PORT}/mcp/v1/actions/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const act = (action: string, body: unknown) => actAs(narrowKey, action, body);
    expect((await act('svc_domains_search', { query: 'coffee shop' })).status).toBe(200);
    const refused = await act('svc_portfolio_list', {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'forbidden',
      message: 'The credential lacks the scope portfolio:read',
    });
    // a contact the operator disables from the command line is listed only when disabled ones are asked for
    const contacts = async (includeDisabled: boolean) =>
      (await (await actAs(agentKey, 'svc_contacts_list', { includeDisabled })).json()) as {
        contacts: { id: string; status: string }[];
        count: number;
      };
    const contact = (await (await actAs(agentKey, 'svc_contact_create', ADA_CONTACT)).json()) as {
      contact: { id: string };
    };
    const disabled = await runCli(['contacts', 'disable', contact.contact.id, '--reason', 'reported'], env);
    expect(disabled.stdout).toBe(`disabled ${contact.contact.id}\n`);
    await eventually(async () =>
      expect((await contacts(true)).contacts).toEqual([
        expect.objectContaining({ id: contact.contact.id, status: 'disabled' }),
      ]),
    );
    expect((await contacts(false)).count).toBe(0);

    expect(await stopped(first, 'SIGTERM')).toBe(0);
    expect(existsSync(pidFile())).toBe(false); // and the service stopped it on its way out
    expect(await Promise.all(chainPorts().map(chainAnswers))).toEqual([false, false, false]);

    const second = await startService(env);
    expect((await health()).status).toBe(200);
    expect(second.startOutput).not.toContain('Demo accounts'); // seeded once per database
    expect((await runCli(['replay', 'audit-probe', '--json'], env)).stdout).toContain('"note":"kept"');
    expect(await stopped(second, 'SIGINT')).toBe(0);
    expect(existsSync(pidFile())).toBe(false);
  });

  it('starts the embedded server for a CLI command when no service runs, and stops it after', async () => {
    const migrate = await runCli(['migrate'], env);
    expect(migrate).toMatchObject({ code: 0, stdout: 'the database is up to date\n' });
    const rebuild = await runCli(['projections', 'rebuild', 'operation-list'], env);
    expect(rebuild.stdout).toBe('operation-list: rebuilt and live\n');
    const unknown = await runCli(['projections', 'rebuild', 'nothing'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no projection named nothing');
    expect(existsSync(pidFile())).toBe(false);
  });

  it('opens partner accounts and issues, lists and revokes keys from the command line', async () => {
    const created = await runCli(['accounts', 'create-partner', '--profile', 'web3', '--name', 'Acme Web3'], env);
    expect(created.code).toBe(0);
    const account = /^account: (acc-[0-9a-f-]{36})$/m.exec(created.stdout)?.[1] as string;
    expect(created.stdout).toMatch(/^access key \(shown once.*\): eyJ[\w-]+\.[\w-]+\.[\w-]+$/m);

    const resolution = await runCli(['keys', 'create', '--account', account, '--kind', 'resolution'], env);
    expect(resolution.stdout).toMatch(/^key \(shown once\): svc_res_[0-9a-f]{64}$/m);
    const keyId = /^key id: (key-[0-9a-f-]{36})$/m.exec(resolution.stdout)?.[1] as string;

    const listed = await runCli(['keys', 'list', '--account', account], env);
    const lines = listed.stdout.trim().split('\n').slice(1);
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toMatch(
      new RegExp(`^${keyId}\t${account}\tresolution_key\tsvc_res_\\w{4}…\t\\S+\tactive\t?$`, 'm'),
    );
    expect(listed.stdout).not.toMatch(/svc_res_[0-9a-f]{64}/); // listed by prefix, never in full

    expect((await runCli(['keys', 'revoke', keyId], env)).stdout).toBe(`revoked ${keyId}\n`);
    expect((await runCli(['keys', 'list', '--account', account], env)).stdout).toMatch(
      new RegExp(`^${keyId}\t.*\trevoked \\S+\t?$`, 'm'),
    );

    const agentForPartner = await runCli(['keys', 'create', '--account', account, '--kind', 'agent'], env);
    expect(agentForPartner.code).toBe(1);
    expect(agentForPartner.stderr).toContain('agent API keys are for user accounts');
    const badScope = await runCli(
      ['keys', 'create', '--account', account, '--kind', 'agent', '--scopes', 'everything'],
      env,
    );
    expect(badScope.code).toBe(1);
    expect(badScope.stderr).toContain('unknown scope everything');
    const badProfile = await runCli(['accounts', 'create-partner', '--profile', 'dns', '--name', 'X'], env);
    expect(badProfile.code).toBe(1);
  });

  it('explains itself with --help and refuses bad configuration by name', async () => {
    const help = await runCli(['--help'], env);
    for (const command of ['serve', 'migrate', 'projections', 'replay']) expect(help.stdout).toContain(command);
    const bad = await runCli(['migrate'], { ...env, PORT: 'eighty' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('PORT must be an integer');
  });
});
