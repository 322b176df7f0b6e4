import { Injectable } from '@nestjs/common';
import { Address, tokenIdOf } from '../../domain/chains/blockchain';
import { unicodeFormOf } from '../../domain/shared/idna';
import { Web3Account } from '../../domain/web3-accounts/web3-account';
import { availabilityOf } from '../../domain/web3-domains/availability';
import { parseWeb3Name } from '../../domain/web3-domains/names';
import { Price } from '../../domain/web3-domains/pricing';
import { operationList } from '../../projections/operation-list/operation-list.projection';
import { UNFINISHED } from '../../projections/operation-list/operation-list.queries';
import { resolution } from '../../projections/resolution/resolution.projection';
import { ChainReader } from '../chains/chain-reader.port';
import { DocumentStore } from '../shared/document-store.port';
import { EventStore } from '../shared/event-store.port';
import { DomainLocator } from './domain-locator';
import { loadWeb3Account } from './web3-streams';
import { Web3Settings } from './web3-settings';

export type DomainExpansion = 'records' | 'registration';

/** The slice of the resolution read model a lookup needs. */
interface ResolvedRow {
  readonly tokenId: string;
  readonly name: string | null;
  readonly blockchain: string;
  readonly owner: Address;
  readonly records: Readonly<Record<string, string>>;
  readonly reverse: boolean;
}

export const priceView = (price: Price) => ({ type: price.type, listPrice: { usdCents: price.listPriceCents }, subTotal: { usdCents: price.subTotalCents } });

/**
 * Surface C's `Domain` as the caller's account sees it: the owner's type depends on whose wallets hold it. Reads
 * come from the resolution read model (the indexed chains) and the unfinished claims of the operation list.
 */
@Injectable()
export class Web3DomainReader {
  constructor(
    private readonly documents: DocumentStore,
    private readonly store: EventStore,
    private readonly settings: Web3Settings,
    private readonly locator: DomainLocator,
    private readonly chain: ChainReader,
  ) {}

  async lookup(accountId: string, names: readonly string[], expand: ReadonlySet<DomainExpansion>): Promise<Record<string, unknown>[]> {
    const parsed = names.map((name) => parseWeb3Name(name, [...this.settings.supportedTlds, ...this.settings.comingSoonTlds]));
    const valid = parsed.flatMap((name) => (name.ok ? [name.name] : []));
    const [rows, claiming, account] = await Promise.all([this.resolved(valid), this.claiming(valid), loadWeb3Account(this.store, accountId)]);
    return parsed.map((name, index) => {
      const row = name.ok ? rows.get(tokenIdOf(name.name)) : undefined;
      const availability = availabilityOf({
        parsed: name, comingSoonTlds: this.settings.comingSoonTlds, onChainOwner: row?.owner ?? null,
        serviceAddress: this.chain.serviceAddress(), heldByOpenClaim: name.ok && claiming.has(name.name),
      });
      return this.view(name.ok ? name.name : names[index].trim().toLowerCase(), row, account, expand, availability);
    });
  }

  /** The domains a wallet holds, by token id, in keyset pages. */
  async ownedBy(accountId: string, owner: Address, limit: number, afterTokenId: string | undefined, expand: ReadonlySet<DomainExpansion>) {
    const found = await this.documents.find<ResolvedRow>(resolution.name, {
      where: [{ path: 'owner', op: 'eq', value: owner }], orderBy: { path: 'tokenId', direction: 'asc' },
      after: afterTokenId ? { value: afterTokenId, id: afterTokenId } : undefined, limit: limit + 1,
    });
    const account = await loadWeb3Account(this.store, accountId);
    const rows = found.slice(0, limit).map((entry) => entry.doc).filter((row) => row.name !== null);
    const items = rows.map((row) => this.view(row.name as string, row, account, expand, { status: 'REGISTERED' }));
    return { items, next: found.length > limit ? found[limit - 1].id : null };
  }

  /** Each wallet's primary domain (its reverse resolution), by address. */
  async primaryDomains(addresses: readonly Address[]): Promise<Map<Address, string>> {
    if (addresses.length === 0) return new Map();
    const found = await this.documents.find<ResolvedRow>(resolution.name, {
      where: [{ path: 'owner', op: 'in', values: addresses }, { path: 'reverse', op: 'eq', value: true }], orderBy: { path: 'tokenId', direction: 'asc' }, limit: addresses.length * 4,
    });
    return new Map(found.filter((entry) => entry.doc.name).map((entry) => [entry.doc.owner, entry.doc.name as string]));
  }

  /** Pending chain transactions on the domain that no operation sent. */
  async foreignActivity(name: string): Promise<readonly string[]> {
    const located = await this.locator.locate(name).catch(() => undefined);
    return located ? this.chain.foreignPendingTransactions(located.blockchain, name) : [];
  }

  private view(name: string, row: ResolvedRow | undefined, account: Web3Account, expand: ReadonlySet<DomainExpansion>, availability: { status: string; price?: Price }) {
    const ownerType = this.locator.ownerTypeOf(row?.owner ?? null, account);
    return {
      '@type': `${this.settings.namespace}/partner.v3.Domain`,
      name,
      unicodeName: unicodeFormOf(name),
      owner: ownerType === 'NONE' ? { type: ownerType } : { type: ownerType, address: row?.owner },
      availability: availability.price ? { status: availability.status, price: priceView(availability.price) } : { status: availability.status },
      records: expand.has('records') ? { ...(row?.records ?? {}) } : null,
      registration: expand.has('registration') && row ? { tokenId: BigInt(row.tokenId).toString(), tokenType: 'ERC721' } : null,
      blockchain: row?.blockchain ?? this.settings.registrationChainOf(name) ?? 'MATIC',
    };
  }

  private async resolved(names: readonly string[]): Promise<Map<string, ResolvedRow>> {
    if (names.length === 0) return new Map();
    const found = await this.documents.find<ResolvedRow>(resolution.name, {
      where: [{ path: 'tokenId', op: 'in', values: names.map((name) => tokenIdOf(name)) }], orderBy: { path: 'tokenId', direction: 'asc' }, limit: names.length,
    });
    return new Map(found.map((entry) => [entry.doc.tokenId, entry.doc]));
  }

  private async claiming(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const found = await this.documents.find<{ domain: string }>(operationList.name, {
      where: [{ path: 'domain', op: 'in', values: names }, { path: 'type', op: 'eq', value: 'DOMAIN_CLAIM' }, { path: 'status', op: 'in', values: UNFINISHED }],
      orderBy: { path: 'createdAt', direction: 'desc', numeric: true }, limit: names.length * 2,
    });
    return new Set(found.map((entry) => entry.doc.domain));
  }
}
