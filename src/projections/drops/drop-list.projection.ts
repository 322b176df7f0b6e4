import { Projection } from '../../application/shared/projection';
import {
  BACKORDER_EVENT_TYPES,
  BackorderEvent,
  Backorders,
  backordersDecider,
  openCountOf,
} from '../../domain/dns-domains/backorder';
import { evolve as evolveRegistryName, purgeAtOf, RegisteredName } from '../../domain/registry/registry-domain';
import { RegistryDomainEvent } from '../../domain/registry/registry-domain.events';

/**
 * A name of the registry as the drop list reads it: its registration folded with the registry's own `evolve` (so its
 * phase at any time is the registry's), and its backorders folded with theirs.
 */
export interface DropRow {
  readonly name: string;
  readonly tld: string;
  readonly labelLength: number;
  readonly registered: RegisteredName | null;
  readonly backorders: Backorders;
  /** When it stops being active (expired or deleted): the drop list reads names in this order. */
  readonly leavesActiveAt: number | null;
  readonly purgeAt: number | null;
  /** Backorders wait for it: the release runner looks at it once its purge time has come. */
  readonly backordered: boolean;
}

const REGISTRY_EVENTS: readonly RegistryDomainEvent['type'][] = [
  'RegistryDomainCreated',
  'RegistryDomainRenewed',
  'RegistryDomainUpdated',
  'RegistryDomainDeleted',
  'RegistryDomainRestored',
  'RegistryDomainPurged',
  'RegistryTransferRequested',
  'RegistryTransferApproved',
  'RegistryTransferRejected',
];

const isBackorderEvent = (event: RegistryDomainEvent | BackorderEvent): event is BackorderEvent =>
  (BACKORDER_EVENT_TYPES as readonly string[]).includes(event.type);

export const dropList: Projection<DropRow, RegistryDomainEvent | BackorderEvent> = {
  name: 'drop-list',
  version: 1,
  handles: [...REGISTRY_EVENTS, ...BACKORDER_EVENT_TYPES],
  idOf: (event) => event.data.name,
  evolve: (row, event) => {
    const { name } = event.data;
    const dot = name.lastIndexOf('.');
    const before: DropRow = row ?? {
      name,
      tld: name.slice(dot + 1),
      labelLength: [...name.slice(0, dot)].length,
      registered: null,
      backorders: backordersDecider.initialState(),
      leavesActiveAt: null,
      purgeAt: null,
      backordered: false,
    };
    const backorders = isBackorderEvent(event) ? backordersDecider.evolve(before.backorders, event) : before.backorders;
    const domain = isBackorderEvent(event)
      ? before.registered
      : evolveRegistryName(before.registered ?? { status: 'NONE' }, event);
    const registered = domain?.status === 'REGISTERED' ? domain : null;
    return {
      ...before,
      registered,
      backorders,
      leavesActiveAt: registered ? Math.min(registered.expiresAt, registered.deletedAt ?? Infinity) : null,
      purgeAt: registered ? purgeAtOf(registered) : null,
      backordered: openCountOf(backorders) > 0,
    };
  },
};
