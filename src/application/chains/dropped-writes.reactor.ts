import { Injectable, Logger } from '@nestjs/common';
import { ChainRewound } from '../../domain/chains/registry-log.events';
import { StoredEvent } from '../shared/event-store.port';
import { Reactor } from '../shared/projection';
import { ChainWriter } from './chain-writer.port';

/** Margin for clocks: a transaction sent up to this long before the kept block's time may be in a dropped block. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * When a chain went back (`ChainRewound`), the service's own writes that were in the dropped blocks are sent again,
 * once each: their operations completed when their blocks were indexed, and what they did must stay done.
 */
@Injectable()
export class DroppedWritesReactor implements Reactor<ChainRewound> {
  readonly name = 'dropped-chain-writes';
  readonly handles = ['ChainRewound'] as const;
  private readonly log = new Logger(DroppedWritesReactor.name);

  constructor(private readonly writer: ChainWriter) {}

  async react(events: readonly StoredEvent<ChainRewound>[]): Promise<void> {
    for (const { data } of events) {
      const resent = await this.writer.resendDropped(data.blockchain, data.toBlockTime - CLOCK_MARGIN_MS);
      if (resent > 0)
        this.log.warn(`${data.blockchain} went back to block ${data.toBlock}: ${resent} write(s) sent again`);
    }
  }
}
