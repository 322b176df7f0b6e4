import { WorkQueue } from '../../src/application/operations/work-queue.port';
import { PostgresWorkQueue } from '../../src/infrastructure/postgres/postgres-work-queue';
import { openTwoProcesses } from './two-processes';

export interface WorkQueueUnderTest {
  readonly queue: WorkQueue;
  /** The same queue as another process sees it (its own connections). */
  readonly other: WorkQueue;
  /** Resolves once the `onScheduled` listeners subscribed so far hear what is scheduled next. */
  listening(): Promise<void>;
  close(): Promise<void>;
}

const openPostgresWorkQueue = async (): Promise<WorkQueueUnderTest> => {
  const { processes, listening, close } = await openTwoProcesses();
  const [queue, other] = processes.map(({ pool, notifications }) => new PostgresWorkQueue(pool, notifications));
  return { queue, other, listening, close };
};

/** Every adapter of the WorkQueue port; contract suites run once per entry. */
export const WORK_QUEUE_ADAPTERS: [string, () => Promise<WorkQueueUnderTest>][] = [['postgres', openPostgresWorkQueue]];
