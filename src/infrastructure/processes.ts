import { hostname } from 'node:os';

/** Whether a process runs (signal 0 checks without signalling). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops a process known only by its pid (an embedded server or chain another process started): `signal` first,
 * then, if it outlives `graceMs`, `hardSignal` when given. Resolves once it is gone or the waiting is over.
 */
export const stopProcess = async (
  pid: number,
  signal: NodeJS.Signals,
  graceMs: number,
  hardSignal?: NodeJS.Signals,
): Promise<void> => {
  const gone = async (withinMs: number): Promise<void> => {
    for (let waited = 0; waited < withinMs && isAlive(pid); waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
  };
  if (!isAlive(pid)) return;
  process.kill(pid, signal);
  await gone(graceMs);
  if (hardSignal && isAlive(pid)) {
    process.kill(pid, hardSignal);
    await gone(5_000);
  }
};

/**
 * Whether `owner`, written `host:pid:...` as the lease loops and idempotency keys name who holds something, is a
 * process of this host that has exited: what it held can be taken at once instead of after its lease. A pid of
 * another host, or one that runs (perhaps reused), is not known to be gone.
 */
export const ownerIsGone = (owner: string): boolean => {
  const [host, pid] = owner.split(':');
  const number = Number(pid);
  return host === hostname() && Number.isInteger(number) && number > 0 && number !== process.pid && !isAlive(number);
};
