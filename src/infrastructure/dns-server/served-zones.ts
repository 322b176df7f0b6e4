import { Checkpoint, EventStore, START, StoredEvent } from '../../application/shared/event-store.port';
import { subscribe, Subscription } from '../../application/shared/subscription';
import { DnsZoneRow, dnsZones } from '../../projections/dns-zones/dns-zones.projection';
import { ZoneLookup } from './authoritative-answer';
import { ServedSite, ServedZone, servedZoneOf, ZoneDefaults } from './served-zone';

/**
 * The zones the DNS server answers from, in memory: every query is a few map lookups, never a database read. They
 * start from the `dns-zones` read model and follow the event store with the projection's own fold, so every process
 * that serves DNS keeps its copy current (within one notification of a change) without a leased consumer of its own.
 */
export class ServedZones implements ZoneLookup {
  private readonly rows = new Map<string, DnsZoneRow>();
  private readonly zones = new Map<string, ServedZone>();
  private subscription: Subscription | undefined;
  /** Zones whose key retires later: served again, unsigned, when it does. */
  private readonly retirements = new Map<string, NodeJS.Timeout>();
  private readonly handled = new Set<string>(dnsZones.handles);

  constructor(
    private readonly defaults: ZoneDefaults,
    /** Told of a zone that cannot be served (a sealed key that no longer opens): the others go on being served. */
    private readonly onBadZone: (name: string, error: unknown) => void = () => undefined,
  ) {}

  /**
   * Serves the zones of a snapshot (the `dns-zones` read model at `from`) and follows the store from there; without
   * one, from the store's first event. Resolves once the zones are caught up with the store.
   */
  follow(
    store: EventStore,
    snapshot: { readonly checkpoint: Checkpoint; readonly rows: readonly DnsZoneRow[] } | undefined,
    pollMs: number,
    onError: (error: unknown) => void,
  ): Promise<void> {
    for (const row of snapshot?.rows ?? []) {
      this.rows.set(row.name, row);
      this.put(row.name, row);
    }
    return new Promise((caughtUp) => {
      this.subscription = subscribe(store, snapshot?.checkpoint ?? START, async (events) => this.apply(events), {
        pollMs,
        onError,
        onCaughtUp: () => caughtUp(),
      });
    });
  }

  async close(): Promise<void> {
    for (const timer of this.retirements.values()) clearTimeout(timer);
    await this.subscription?.close();
  }

  /** Folds events into the rows they change, then prepares each changed zone once. */
  apply(events: readonly StoredEvent[]): void {
    const changed = new Set<string>();
    for (const event of events) {
      if (!this.handled.has(event.type)) continue;
      const id = dnsZones.idOf(event as Parameters<typeof dnsZones.idOf>[0]);
      if (id === null) continue;
      const row = dnsZones.evolve(this.rows.get(id), event as Parameters<typeof dnsZones.evolve>[1], id);
      if (row) this.rows.set(id, row);
      else this.rows.delete(id);
      changed.add(id);
    }
    for (const id of changed) this.put(id, this.rows.get(id));
  }

  /** Serves `row` as the zone `name` (none when undefined): for the follower, and for benchmarks that load zones. */
  put(name: string, row: DnsZoneRow | undefined): void {
    this.zones.delete(name);
    clearTimeout(this.retirements.get(name));
    this.retirements.delete(name);
    if (!row) return;
    const retiresAt = row.signing?.retiresAt;
    const retired = retiresAt !== undefined && retiresAt <= Date.now();
    if (retiresAt !== undefined && !retired) {
      // timers run at most 2^31 - 1 ms ahead: a later retirement is looked at again then
      const delay = Math.min(retiresAt - Date.now(), 2_147_483_647);
      const timer = setTimeout(() => this.put(name, this.rows.get(name) ?? row), delay);
      this.retirements.set(name, timer.unref());
    }
    try {
      this.zones.set(name, servedZoneOf(retired ? { ...row, signing: null } : row, this.defaults));
    } catch (error) {
      this.onBadZone(name, error);
    }
  }

  /** The site of a hosted name, while its zone is served (on our nameservers, resolving). */
  siteOf(host: string): ServedSite | undefined {
    const zone = this.zoneOf(host);
    return zone?.served ? zone.sites.get(host) : undefined;
  }

  zoneOf(name: string): ServedZone | undefined {
    for (let suffix = name; suffix.includes('.'); suffix = suffix.slice(suffix.indexOf('.') + 1)) {
      const zone = this.zones.get(suffix);
      if (zone) return zone;
    }
    return undefined;
  }
}
