import { ResolutionMemory } from './resolution-memory';

/**
 * Where surface E's lookups of one name, token or owner are answered from: the process's memory of the read model,
 * when it holds it and has followed every append it was told of; otherwise nothing, and the database answers.
 */
export abstract class ResolutionReads {
  abstract current(): Promise<ResolutionMemory | undefined>;
}

/** A process that keeps no memory of the read model (a worker, a command): the database answers every lookup. */
export class DatabaseResolutionReads extends ResolutionReads {
  current(): Promise<ResolutionMemory | undefined> {
    return Promise.resolve(undefined);
  }
}
