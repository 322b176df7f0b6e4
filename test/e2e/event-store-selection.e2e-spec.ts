import { freePort } from '../support/free-port';
import { embeddedServiceEnv, runCli } from '../support/cli';

/**
 * `EVENT_STORE_URL` selects the KurrentDB event store (docs/scale-out.md). No KurrentDB can be installed here; what a
 * machine without one can prove is that the setting is taken, checked, and that a server that is not there stops the
 * service at once with a message that names it and keeps its password out.
 */
describe('the event store selected by EVENT_STORE_URL', () => {
  it('stops a service whose KurrentDB cannot be reached, naming the server and never the password', async () => {
    const port = await freePort();
    const env = await embeddedServiceEnv('kurrent-down', {
      CHAINS: 'none',
      DNS_PORT: '0',
      HOSTING_PORT: '0',
      HOSTING_TLS_PORT: '0',
      EVENT_STORE_URL: `kurrentdb://admin:hunter2secret@127.0.0.1:${port}?tls=false`,
    });
    const started = Date.now();
    const run = await runCli(['serve'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`the event store at 127.0.0.1:${port} (EVENT_STORE_URL) cannot be reached`);
    expect(run.stdout + run.stderr).not.toContain('hunter2secret');
    expect(run.stdout).not.toContain('domain-engine serving on');
    // it waits for a server starting beside it, then gives up: not a hang
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('refuses an EVENT_STORE_URL that is not a KurrentDB URL, by name', async () => {
    const env = await embeddedServiceEnv('kurrent-bad', { EVENT_STORE_URL: 'https://admin:secret@events.example' });
    const run = await runCli(['migrate'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('EVENT_STORE_URL must use kurrentdb: or esdb:');
    expect(run.stderr).not.toContain('secret');
  });
});
