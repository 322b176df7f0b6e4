import { freePort } from '../support/free-port';
import { embeddedServiceEnv, runCli } from '../support/cli';

/**
 * `MONGODB_URL` selects the MongoDB read models (docs/scale-out.md). No MongoDB can be installed here; what a machine
 * without one can prove is that the setting is taken, checked, and that a server that is not there stops the service
 * at once with a message that names it and keeps its password out. The contract suites run against a real server
 * when `MONGODB_URL` is set for the tests.
 */
describe('the read models selected by MONGODB_URL', () => {
  it('stops a service whose MongoDB cannot be reached, naming the servers and never the password', async () => {
    const [first, second] = [await freePort(), await freePort()];
    const env = await embeddedServiceEnv('mongo-down', {
      CHAINS: 'none',
      DNS_PORT: '0',
      HOSTING_PORT: '0',
      HOSTING_TLS_PORT: '0',
      MONGODB_URL: `mongodb://reader:hunter2secret@127.0.0.1:${first},127.0.0.1:${second}/models?replicaSet=rs0`,
    });
    const started = Date.now();
    const run = await runCli(['serve'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `the read models' MongoDB at 127.0.0.1:${first},127.0.0.1:${second} (MONGODB_URL) cannot be reached`,
    );
    expect(run.stdout + run.stderr).not.toContain('hunter2secret');
    expect(run.stdout).not.toContain('domain-engine serving on');
    // it waits for a server starting beside it, then gives up: not a hang
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('refuses a MONGODB_URL that is not a MongoDB connection string, by name', async () => {
    const env = await embeddedServiceEnv('mongo-bad', { MONGODB_URL: 'https://reader:secret@models.example' });
    const run = await runCli(['migrate'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('MONGODB_URL must be a mongodb:// or mongodb+srv:// connection string');
    expect(run.stderr).not.toContain('secret');
  });
});
