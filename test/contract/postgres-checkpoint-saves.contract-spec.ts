import { CheckpointSaves } from '../../src/application/shared/checkpoint-saves';
import { readCheckpoint, saveCheckpoints } from '../../src/infrastructure/postgres/consumer-checkpoints';
import { openPostgresEventStore } from '../support/event-stores';

const at = (position: number) => ({ transactionId: BigInt(1000 + position), position: BigInt(position) });

/** Consumers that only move their checkpoints save them together: one upsert per turn of the event loop. */
describe('postgres checkpoint saves', () => {
  let subject: Awaited<ReturnType<typeof openPostgresEventStore>>;
  beforeEach(async () => (subject = await openPostgresEventStore()));
  afterEach(() => subject.close());

  it('stores the checkpoints asked in one turn with one statement, each as asked, and answers each caller', async () => {
    const saves = new CheckpointSaves((rows) => saveCheckpoints(subject.pool, rows));
    const query = jest.spyOn(subject.pool, 'query');
    await Promise.all([saves.save('a', 0, at(5)), saves.save('b', 0, at(7)), saves.save('c', 2, at(9))]);
    expect(query).toHaveBeenCalledTimes(1);
    // a consumer asking twice in a turn keeps its furthest
    await Promise.all([saves.save('a', 0, at(8)), saves.save('a', 0, at(6))]);
    expect(query).toHaveBeenCalledTimes(2);
    query.mockRestore();
    expect(await readCheckpoint(subject.pool, 'a', 0)).toEqual(at(8));
    expect(await readCheckpoint(subject.pool, 'b', 0)).toEqual(at(7));
    expect(await readCheckpoint(subject.pool, 'c', 2)).toEqual(at(9));
  });

  it('fails every save of the statement when it fails, and the next turn tries again', async () => {
    const saves = new CheckpointSaves((rows) => saveCheckpoints(subject.pool, rows));
    const query = jest.spyOn(subject.pool, 'query').mockRejectedValueOnce(new Error('database away') as never);
    const outcomes = await Promise.allSettled([saves.save('a', 0, at(1)), saves.save('b', 0, at(2))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    query.mockRestore();
    await saves.save('a', 0, at(3));
    expect(await readCheckpoint(subject.pool, 'a', 0)).toEqual(at(3));
  });
});
