import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Log } from '../logging/log';

export interface AnvilOptions {
  readonly chainId: number;
  readonly port: number;
  /** Where the chain's state is kept across restarts (loaded at start, written periodically and at stop). */
  readonly stateFile: string;
  readonly log: Pick<Log, 'info' | 'debug'>;
}

export interface RunningAnvil {
  readonly rpcUrl: string;
  readonly pid?: number;
  stop(): Promise<void>;
}

/** The anvil binary that npm `@foundry-rs/anvil` ships for this platform. */
const anvilBinary = (): string => {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  return join(dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)), 'bin', 'anvil');
};

/** Starts a local EVM node on loopback and resolves once it answers JSON-RPC. */
export const startAnvil = async (options: AnvilOptions): Promise<RunningAnvil> => {
  mkdirSync(dirname(options.stateFile), { recursive: true });
  const args = [
    '--chain-id',
    String(options.chainId),
    '--port',
    String(options.port),
    '--host',
    '127.0.0.1',
    '--state',
    options.stateFile,
    '--state-interval',
    '5',
    '--silent',
  ];
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    options.log.debug(chunk.toString().trim());
  });
  const rpcUrl = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`anvil (chain ${options.chainId}) exited (${code}): ${output}`))),
  );
  await Promise.race([waitForRpc(rpcUrl), exited]);
  child.removeAllListeners('exit');
  return { rpcUrl, pid: child.pid, stop: () => stop(child) };
};

const waitForRpc = async (url: string): Promise<void> => {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no JSON-RPC answer at ${url}`);
};

/** SIGTERM lets anvil write its state file before it exits. */
const stop = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
