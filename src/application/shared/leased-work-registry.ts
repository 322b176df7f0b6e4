import { Injectable } from '@nestjs/common';
import { LeasedWork } from './lease-loops';

/** The kinds of leased work of every context; each module registers its own when it starts, the engine runs them. */
@Injectable()
export class LeasedWorkRegistry {
  readonly kinds: LeasedWork<unknown>[] = [];

  add<Item>(work: LeasedWork<Item>): void {
    this.kinds.push(work as LeasedWork<unknown>);
  }
}
