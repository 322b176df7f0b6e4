import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningAnvil, startAnvil } from '../../src/infrastructure/chain/anvil';
import { identityAt } from '../../src/infrastructure/chain/local-chain';
import { openChains, OpenChains } from '../../src/infrastructure/chain/open-chains';
import { AppConfig } from '../../src/infrastructure/config/config';
import { stopProcess } from '../../src/infrastructure/processes';
import { killed } from '../support/child-worker';
import { freePort } from '../support/free-port';

type Log = { info(message: string): void; debug(message: string): void };
const quiet: Log = { info: () => undefined, debug: () => undefined };
const url = (port: number) => `http://127.0.0.1:${port}`;

/**
 * A second process on the same DATA_DIR finds the data directory's running chain the way it finds its PostgreSQL:
 * by the record the starting process wrote (DATA_DIR/chains/<NAME>.pid), checked against what answers there.
 * A chain that is not the data directory's is refused, never reused.
 */
describe('embedded chains shared by the processes of one data directory', () => {
  const opened: OpenChains[] = [];
  const foreign: RunningAnvil[] = [];
  afterEach(async () => {
    for (const chains of opened.splice(0).reverse()) await chains.stop();
    await Promise.all(foreign.splice(0).map((node) => node.stop()));
  });

  const newDataDir = () => mkdtempSync(join(tmpdir(), 'domain-engine-adopt-'));
  const open = async (env: Record<string, string>, log: Log = quiet): Promise<OpenChains> => {
    const chains = await openChains(new AppConfig({ CHAINS: 'MATIC', ...env }), log);
    opened.push(chains);
    return chains;
  };
  const startForeign = async (port: number): Promise<RunningAnvil> => {
    const node = await startAnvil({ chainId: 137, port, stateFile: join(newDataDir(), 'foreign.json'), log: quiet });
    foreign.push(node);
    return node;
  };

  it('adopts the running chain at the port its record names, whatever port the second process was given', async () => {
    const dataDir = newDataDir();
    const [port, otherPort] = [await freePort(), await freePort()];
    const first = await open({ DATA_DIR: dataDir, CHAIN_MATIC_PORT: String(port) });
    const lines: string[] = [];
    const second = await open(
      { DATA_DIR: dataDir, CHAIN_MATIC_PORT: String(otherPort) },
      { info: (line) => lines.push(line), debug: () => undefined },
    );

    expect(second.networks[0].rpcUrl).toBe(first.networks[0].rpcUrl);
    expect(await identityAt(url(otherPort))).toBeUndefined(); // no second node over the same state
    expect(lines).toContain(
      `reusing the MATIC chain running on port ${port} (recorded there; CHAIN_MATIC_PORT says ${otherPort}), owned by pid ${process.pid}`,
    );
    await second.stop();
    expect(await identityAt(url(port))).toBeDefined(); // the owner's chain outlives a process that only used it
  });

  it('refuses a chain on its port that it did not start, naming the port and what answered', async () => {
    const port = await freePort();
    await startForeign(port);
    await expect(open({ DATA_DIR: newDataDir(), CHAIN_MATIC_PORT: String(port) })).rejects.toThrow(
      new RegExp(
        `^port ${port} \\(CHAIN_MATIC_PORT\\) answers as chain 137 with genesis 0x[0-9a-f]{10}… and no data-directory marker, which is not a chain this data directory`,
      ),
    );
  });

  it('refuses the running chain of another data directory, even one copied from it with its record', async () => {
    const original = newDataDir();
    const port = await freePort();
    await open({ DATA_DIR: original, CHAIN_MATIC_PORT: String(port) });
    const copy = newDataDir();
    cpSync(join(original, 'chains'), join(copy, 'chains'), { recursive: true });
    await expect(open({ DATA_DIR: copy, CHAIN_MATIC_PORT: String(port) })).rejects.toThrow(
      new RegExp(
        `^port ${port} \\(CHAIN_MATIC_PORT\\) answers as chain 137 with genesis 0x[0-9a-f]{10}… and marker 0x[0-9a-f]{10}…, which is not a chain this data directory`,
      ),
    );
  });

  it('refuses when the recorded port answers as another chain than the one recorded', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const chains = await open({ DATA_DIR: dataDir, CHAIN_MATIC_PORT: String(port) });
    const recordFile = join(dataDir, 'chains', 'MATIC.pid');
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { anvil: number };
    // the recorded node dies without its owner knowing, another chain takes the port, and the pid is reused
    await stopProcess(record.anvil, 'SIGKILL', 5_000);
    opened.splice(opened.indexOf(chains), 1);
    await startForeign(port);
    writeFileSync(recordFile, JSON.stringify({ ...record, anvil: process.pid }));

    await expect(open({ DATA_DIR: dataDir, CHAIN_MATIC_PORT: String(port) })).rejects.toThrow(
      new RegExp(
        `recorded on port ${port} \\(pid ${process.pid}\\), but port ${port} answers as chain 137 with genesis 0x[0-9a-f]{10}… and no data-directory marker, not as chain 137 with genesis`,
      ),
    );
  });

  it('takes over the chain of an owner that was killed, and stops it on exit', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, CHAINS: 'MATIC', CHAIN_MATIC_PORT: String(port) };
    const owner = spawn(
      process.execPath,
      ['-r', '@swc-node/register', join(__dirname, '../support/chain-owner-process.ts')],
      {
        cwd: join(__dirname, '../..'),
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      owner.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      owner.on('exit', (code) => reject(new Error(`the owner exited (${code})`)));
    });
    owner.removeAllListeners('exit');
    await killed(owner);

    const lines: string[] = [];
    const adopter = await openChains(new AppConfig(env), { info: (line) => lines.push(line), debug: () => undefined });
    expect(lines).toContain(`adopted the MATIC chain left running on port ${port}`);
    const recordFile = join(dataDir, 'chains', 'MATIC.pid');
    expect(JSON.parse(readFileSync(recordFile, 'utf8'))).toMatchObject({ owner: process.pid, port });
    await adopter.stop();
    expect(await identityAt(url(port))).toBeUndefined();
    expect(existsSync(recordFile)).toBe(false);
  });
});
