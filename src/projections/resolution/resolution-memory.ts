import { StoredEvent } from '../../application/shared/event-store.port';
import { ResolvedDomain, resolution } from './resolution.projection';

type Folded = Parameters<typeof resolution.evolve>[1];

/**
 * The resolution read model in memory: every token's document, and each owner's primary domain, folded with the
 * projection's own `evolve` from a snapshot and the events after it. What surface E reads on every request, without
 * a round trip. `bytes` estimates what it holds, so that the process can keep it only within its budget.
 */
export class ResolutionMemory {
  private readonly rows = new Map<string, ResolvedDomain>();
  /** Each named token by its name (the A-label): a lookup by name costs no namehash. */
  private readonly named = new Map<string, string>();
  /** Lowercase owner address to the token its reverse resolution points at. */
  private readonly reverse = new Map<string, string>();
  private readonly handled = new Set<string>(resolution.handles);
  private size = 0;

  get bytes(): number {
    return this.size;
  }

  get count(): number {
    return this.rows.size;
  }

  load(rows: readonly ResolvedDomain[]): void {
    for (const row of rows) this.put(row.tokenId, row);
  }

  apply(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if (!this.handled.has(event.type)) continue;
      const folded = event as unknown as StoredEvent<Folded>;
      const id = resolution.idOf(folded);
      if (id === null) continue;
      this.put(id, resolution.evolve(this.rows.get(id), folded, id) ?? undefined);
    }
  }

  /** The document of a token; undefined when the chains have no such token. */
  byToken(tokenId: string): ResolvedDomain | undefined {
    return this.rows.get(tokenId);
  }

  /** The document of a name (its A-label); undefined when no token on the chains has it. */
  byName(name: string): ResolvedDomain | undefined {
    const tokenId = this.named.get(name);
    return tokenId === undefined ? undefined : this.rows.get(tokenId);
  }

  /** The primary domain of a lowercase address, when its reverse resolution points at a named token. */
  reverseOf(owner: string): ResolvedDomain | undefined {
    const tokenId = this.reverse.get(owner);
    return tokenId === undefined ? undefined : this.rows.get(tokenId);
  }

  private put(id: string, row: ResolvedDomain | undefined): void {
    const previous = this.rows.get(id);
    if (previous) {
      this.size -= sizeOf(previous);
      if (this.reverse.get(previous.owner) === id) this.reverse.delete(previous.owner);
      if (previous.name !== null && this.named.get(previous.name) === id) this.named.delete(previous.name);
    }
    if (!row) {
      this.rows.delete(id);
      return;
    }
    this.rows.set(id, row);
    this.size += sizeOf(row);
    if (row.name !== null) this.named.set(row.name, id);
    if (row.reverse && row.name !== null) this.reverse.set(row.owner, id);
  }
}

/** What a document costs in memory, roughly: its JSON's length twice over (strings are UTF-16), and the map's entry. */
const sizeOf = (row: ResolvedDomain): number => JSON.stringify(row).length * 2 + 64;
