import { Injectable } from '@nestjs/common';
import { ExistingOperation } from '../../domain/operations/operation';
import { OperationEvent } from '../../domain/operations/operation.events';
import { StreamWrite } from '../shared/event-store.port';
import { StreamReader } from '../shared/handle-command';

/**
 * What another context settles when an operation of its own finishes (a claim's charge confirmed or given back).
 * Its writes join the transaction that finishes the operation, so no read shows the operation finished without
 * its consequences.
 */
export interface OperationFinisher {
  settle(streams: StreamReader, op: ExistingOperation, at: number): Promise<StreamWrite[]>;
}

/** The finishers of this process; context modules register theirs when they start. */
@Injectable()
export class OperationFinishers {
  private readonly finishers: OperationFinisher[] = [];

  register(finisher: OperationFinisher): void {
    this.finishers.push(finisher);
  }

  /** The writes that settle `op` when `events` finish it; none otherwise. */
  async writesOnFinish(
    streams: StreamReader,
    op: ExistingOperation,
    events: readonly OperationEvent[],
  ): Promise<StreamWrite[]> {
    const finish = events.find((event) => event.type === 'OperationFinished');
    if (!finish || op.preview) return [];
    return (await Promise.all(this.finishers.map((finisher) => finisher.settle(streams, op, finish.data.at)))).flat();
  }
}
