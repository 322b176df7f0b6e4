import { Injectable } from '@nestjs/common';
import { ChainReader } from '../../application/chains/chain-reader.port';
import { DocumentStore } from '../../application/shared/document-store.port';
import { EventStore } from '../../application/shared/event-store.port';
import { partnerType } from '../../application/shared/partner-type';
import { loadWeb3Account } from '../../application/web3/web3-streams';
import { Web3Settings } from '../../application/web3/web3-settings';
import { Address, tokenIdOf } from '../../domain/chains/blockchain';
import { UNFINISHED } from '../../domain/operations/operation';
import { unicodeFormOf } from '../../domain/shared/idna';
import { ownerTypeOf, Web3Account } from '../../domain/web3-accounts/web3-account';
import { availabilityOf } from '../../domain/web3-domains/availability';
import { Web3Name } from '../../domain/web3-domains/names';
import { Price } from '../../domain/shared/price';
import { operationList } from '../operation-list/operation-list.projection';
import { findPage } from '../shared/find-page';
import { resolution } from '../resolution/resolution.projection';

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

export const priceView = (price: Price) => ({
  type: price.type,
  listPrice: { usdCents: price.listPriceCents },
  subTotal: { usdCents: price.subTotalCents },
});

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
    private readonly chain: ChainReader,
  ) {}

  /** Names as the request parsed them, under supported or coming-soon endings. */
  async lookup(
    accountId: string,
    names: readonly Web3Name[],
    expand: ReadonlySet<DomainExpansion>,
  ): Promise<Record<string, unknown>[]> {
    const asStored = names.map((name) => name.name);
    const [rows, claiming, account] = await Promise.all([
      this.resolved(asStored),
      this.claiming(asStored),
      loadWeb3Account(this.store, accountId),
    ]);
    return names.map((name) => {
      const row = rows.get(tokenIdOf(name.name));
      const availability = availabilityOf({
        parsed: { ok: true, ...name },
        comingSoonTlds: this.settings.comingSoonTlds,
        onChainOwner: row?.owner ?? null,
        serviceAddress: this.chain.serviceAddress(),
        heldByOpenClaim: claiming.has(name.name),
      });
      return this.view(name.name, row, account, expand, availability);
    });
  }

  /** The domains some wallets hold (`DomainMinimal`), by token id, in keyset pages. */
  async ownedBy(
    accountId: string,
    owners: readonly Address[],
    limit: number,
    afterTokenId: string | undefined,
    expand: ReadonlySet<DomainExpansion>,
  ) {
    const page = await findPage<ResolvedRow, string>(
      this.documents,
      resolution.name,
      {
        where: [{ path: 'owner', op: 'in', values: owners }],
        orderBy: { path: 'tokenId', direction: 'asc' },
        after: afterTokenId ? { value: afterTokenId, id: afterTokenId } : undefined,
        limit,
      },
      (last) => last.id,
    );
    const account = await loadWeb3Account(this.store, accountId);
    const rows = page.items.filter((row) => row.name !== null);
    const items = rows.map((row) => ({
      ...this.view(row.name as string, row, account, expand, { status: 'REGISTERED' }),
      '@type': partnerType(this.settings.namespace, 'DomainMinimal'),
    }));
    return { items, next: page.next };
  }

  /** Each wallet's primary domain (its reverse resolution), by address. */
  async primaryDomains(addresses: readonly Address[]): Promise<Map<Address, string>> {
    if (addresses.length === 0) return new Map();
    const found = await this.documents.find<ResolvedRow>(resolution.name, {
      where: [
        { path: 'owner', op: 'in', values: addresses },
        { path: 'reverse', op: 'eq', value: true },
      ],
      orderBy: { path: 'tokenId', direction: 'asc' },
      limit: addresses.length * 4,
    });
    return new Map(found.filter((entry) => entry.doc.name).map((entry) => [entry.doc.owner, entry.doc.name as string]));
  }

  private view(
    name: string,
    row: ResolvedRow | undefined,
    account: Web3Account,
    expand: ReadonlySet<DomainExpansion>,
    availability: { status: string; price?: Price },
  ) {
    const ownerType = ownerTypeOf(row?.owner ?? null, account, this.chain.serviceAddress());
    return {
      '@type': partnerType(this.settings.namespace, 'Domain'),
      name,
      unicodeName: unicodeFormOf(name),
      owner: ownerType === 'NONE' ? { type: ownerType } : { type: ownerType, address: row?.owner },
      availability: availability.price
        ? { status: availability.status, price: priceView(availability.price) }
        : { status: availability.status },
      records: expand.has('records') ? { ...(row?.records ?? {}) } : null,
      registration:
        expand.has('registration') && row ? { tokenId: BigInt(row.tokenId).toString(), tokenType: 'ERC721' } : null,
      blockchain: row?.blockchain ?? this.settings.registrationChainOf(name) ?? 'MATIC',
    };
  }

  private async resolved(names: readonly string[]): Promise<Map<string, ResolvedRow>> {
    if (names.length === 0) return new Map();
    const found = await this.documents.find<ResolvedRow>(resolution.name, {
      where: [{ path: 'tokenId', op: 'in', values: names.map((name) => tokenIdOf(name)) }],
      orderBy: { path: 'tokenId', direction: 'asc' },
      limit: names.length,
    });
    return new Map(found.map((entry) => [entry.doc.tokenId, entry.doc]));
  }

  private async claiming(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const found = await this.documents.find<{ domain: string }>(operationList.name, {
      where: [
        { path: 'domain', op: 'in', values: names },
        { path: 'type', op: 'eq', value: 'DOMAIN_CLAIM' },
        { path: 'status', op: 'in', values: UNFINISHED },
      ],
      orderBy: { path: 'createdAt', direction: 'desc', numeric: true },
      limit: names.length * 2,
    });
    return new Set(found.map((entry) => entry.doc.domain));
  }
}
