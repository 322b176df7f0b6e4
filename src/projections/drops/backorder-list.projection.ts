import { Projection } from '../../application/shared/projection';
import {
  BACKORDER_EVENT_TYPES,
  Backorder,
  BackorderEvent,
  backordersDecider,
} from '../../domain/dns-domains/backorder';

/** One backorder, for its account's list: folded with the backorders' own `evolve`, with when it last changed. */
export type BackorderRow = Backorder & { readonly name: string; readonly updatedAt: number };

export const backorderList: Projection<BackorderRow, BackorderEvent> = {
  name: 'backorder-list',
  version: 1,
  handles: BACKORDER_EVENT_TYPES,
  idOf: (event) => String(event.data.backorderId),
  evolve: (row, event) => {
    const [backorder] = backordersDecider.evolve({ backorders: row ? [row] : [] }, event).backorders;
    return backorder ? { ...backorder, name: event.data.name, updatedAt: event.data.at } : null;
  },
};
