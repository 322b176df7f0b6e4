import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createPublicClient, createTestClient, getAddress, Hex, http, keccak256, slice, toHex } from 'viem';
import { Blockchain } from '../../domain/chains/blockchain';
import { isAlive, stopProcess } from '../processes';
import { RunningAnvil, startAnvil } from './anvil';
import { Log } from '../logging/log';

/**
 * Where the service keeps a random value of its own in a local chain's state, written when it first starts the
 * chain: with the genesis hash it tells this data directory's chain from any other chain with the same id.
 */
export const MARKER_ADDRESS = getAddress(slice(keccak256(toHex('domain-engine.data-directory-marker')), 12));
const NO_MARKER: Hex = `0x${'0'.repeat(64)}`;

export interface ChainIdentity {
  readonly chainId: number;
  readonly genesisHash: Hex;
  readonly marker: Hex;
}

/**
 * `DATA_DIR/chains/<NAME>.pid` while a chain runs: which process runs the node, which one stops it (its owner),
 * where it answers and what it is. Like PostgreSQL's postmaster.pid, it lets another process of the same data
 * directory find the running chain instead of starting a second node over the same state.
 */
interface ChainRecord extends ChainIdentity {
  readonly dataDir: string;
  readonly anvil: number;
  readonly owner: number;
  readonly port: number;
}

export interface LocalNode extends RunningAnvil {
  /** True when this process stops the node on exit (it started it, or adopted it from an owner that was killed). */
  readonly ownedHere: boolean;
}

/**
 * The data directory's chain: the running one it records, checked to be the same chain (id, genesis, marker), or
 * a new node on `port`. Refuses, naming the port and what answered there, a chain that is not this directory's.
 */
export const startOrAdoptLocalChain = async (
  dir: string,
  blockchain: Blockchain,
  chainId: number,
  port: number,
  log: Pick<Log, 'info' | 'debug'>,
): Promise<LocalNode> => {
  mkdirSync(dir, { recursive: true });
  const recordFile = join(dir, `${blockchain}.pid`);
  const dataDir = realpathSync(dir);
  const record = readRecord(recordFile);
  if (record && record.dataDir === dataDir && isAlive(record.anvil)) {
    const rpcUrl = urlOf(record.port);
    const answered = await identityAt(rpcUrl);
    if (answered) {
      if (!sameChain(answered, record)) {
        throw new Error(
          `the ${blockchain} chain of ${dir} is recorded on port ${record.port} (pid ${record.anvil}), but port ${record.port} answers as ` +
            `${describe(answered)}, not as ${describe(record)}; stop what runs on port ${record.port}, or remove ${recordFile} if pid ${record.anvil} is not that chain`,
        );
      }
      const moved = record.port === port ? '' : ` (recorded there; CHAIN_${blockchain}_PORT says ${port})`;
      if (record.owner !== process.pid && !isAlive(record.owner)) {
        writeRecord(recordFile, { ...record, owner: process.pid });
        log.info(`adopted the ${blockchain} chain left running on port ${record.port}${moved}`);
        return { rpcUrl, pid: record.anvil, ownedHere: true, stop: () => stopRecorded(recordFile, record.anvil) };
      }
      log.info(`reusing the ${blockchain} chain running on port ${record.port}${moved}, owned by pid ${record.owner}`);
      return { rpcUrl, pid: record.anvil, ownedHere: false, stop: async () => undefined };
    }
    // recorded but silent: that node is gone, and a live pid now belongs to some other process
  }
  if (record) rmSync(recordFile, { force: true });
  const taken = await identityAt(urlOf(port));
  if (taken) {
    throw new Error(
      `port ${port} (CHAIN_${blockchain}_PORT) answers as ${describe(taken)}, which is not a chain this data directory (${dir}) runs; ` +
        `stop it, or choose another CHAIN_${blockchain}_PORT`,
    );
  }
  if (await portInUse(port))
    throw new Error(
      `port ${port} (CHAIN_${blockchain}_PORT) is in use by something that does not answer JSON-RPC; choose another CHAIN_${blockchain}_PORT`,
    );
  const node = await startAnvil({ chainId, port, stateFile: join(dir, `${blockchain}.json`), log });
  try {
    const identity = await markedIdentity(node.rpcUrl, dir, blockchain);
    writeRecord(recordFile, { ...identity, dataDir, anvil: node.pid as number, owner: process.pid, port });
  } catch (error) {
    await node.stop();
    throw error;
  }
  log.info(`started the ${blockchain} chain (id ${chainId}) on port ${port}`);
  return { ...node, ownedHere: true, stop: () => node.stop().finally(() => rmSync(recordFile, { force: true })) };
};

const urlOf = (port: number): string => `http://127.0.0.1:${port}`;

const sameChain = (a: ChainIdentity, b: ChainIdentity): boolean =>
  a.chainId === b.chainId && a.genesisHash === b.genesisHash && a.marker === b.marker;

const describe = ({ chainId, genesisHash, marker }: ChainIdentity): string =>
  `chain ${chainId} with genesis ${genesisHash.slice(0, 12)}… and ${marker === NO_MARKER ? 'no data-directory marker' : `marker ${marker.slice(0, 12)}…`}`;

/** What answers JSON-RPC at `rpcUrl` (undefined: nothing does). */
export const identityAt = async (rpcUrl: string): Promise<ChainIdentity | undefined> => {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 2000 }) });
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch {
    return undefined;
  }
  const genesis = await client.getBlock({ blockNumber: 0n }).catch(() => undefined);
  const marker = await client.getStorageAt({ address: MARKER_ADDRESS, slot: '0x0' }).catch(() => undefined);
  return { chainId, genesisHash: genesis?.hash ?? '0x', marker: marker ?? NO_MARKER };
};

/** A node just started on the directory's state: its marker, written now if the state is new. */
const markedIdentity = async (rpcUrl: string, dir: string, blockchain: Blockchain): Promise<ChainIdentity> => {
  const identity = await identityAt(rpcUrl);
  if (!identity) throw new Error(`the ${blockchain} chain started on ${rpcUrl} stopped answering`);
  if (identity.marker !== NO_MARKER) return identity;
  const marker = toHex(randomBytes(32));
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setStorageAt({
    address: MARKER_ADDRESS,
    index: 0,
    value: marker,
  });
  return { ...identity, marker };
};

const readRecord = (file: string): ChainRecord | undefined => {
  if (!existsSync(file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<ChainRecord>;
    // a record of an older version names no port, genesis or marker: it cannot be checked, so it is not trusted
    return Number.isInteger(record.port) && record.genesisHash && record.marker ? (record as ChainRecord) : undefined;
  } catch {
    return undefined; // half-written by a process that died
  }
};

/** Written aside and renamed, so that a reader never sees half a record. */
const writeRecord = (file: string, record: ChainRecord): void => {
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(record));
  renameSync(draft, file);
};

/** SIGTERM lets anvil write its state before it exits. */
const stopRecorded = async (recordFile: string, pid: number): Promise<void> => {
  await stopProcess(pid, 'SIGTERM', 10_000);
  rmSync(recordFile, { force: true });
};

const portInUse = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
