import { Checkpoint, compareCheckpoints } from './event-store.port';

/** One consumer's checkpoint to store. */
export interface CheckpointSave {
  readonly name: string;
  readonly generation: number;
  readonly checkpoint: Checkpoint;
}

interface WaitingSave extends CheckpointSave {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Checkpoints saved together: every consumer of a process reads each append and, most of the time, finds none of its
 * events in it and only moves its checkpoint. Those saves asked in the same turn of the event loop go to `write` as
 * one batch (thirty statements at each append were most of what the database did for it); each caller is answered
 * when it is stored. A consumer asks again only once its save is answered, so a turn holds one checkpoint per consumer
 * at most; should one ever ask twice, its furthest goes.
 */
export class CheckpointSaves {
  private waiting: WaitingSave[] = [];

  constructor(private readonly write: (saves: readonly CheckpointSave[]) => Promise<void>) {}

  save(name: string, generation: number, checkpoint: Checkpoint): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ name, generation, checkpoint, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const saves = this.waiting;
    this.waiting = [];
    const furthest = new Map<string, WaitingSave>();
    for (const save of saves) {
      const key = `${save.generation}:${save.name}`;
      const known = furthest.get(key);
      if (!known || compareCheckpoints(save.checkpoint, known.checkpoint) > 0) furthest.set(key, save);
    }
    try {
      await this.write([...furthest.values()]);
      saves.forEach((save) => save.resolve());
    } catch (error) {
      saves.forEach((save) => save.reject(error));
    }
  }
}
