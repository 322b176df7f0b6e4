import { accountFundsDecider } from '../../domain/commerce/account-funds';
import { autoRenewalDecider } from '../../domain/commerce/auto-renewal';
import { cartDecider } from '../../domain/commerce/cart';
import { orderDecider } from '../../domain/commerce/order';
import { backordersDecider } from '../../domain/dns-domains/backorder';
import { contactDecider } from '../../domain/dns-domains/contact';
import { dnsDomainDecider } from '../../domain/dns-domains/dns-domain';
import { dnsZoneDecider } from '../../domain/dns-domains/dns-zone';
import { landerDecider } from '../../domain/dns-domains/lander';
import { accountDecider } from '../../domain/identity/account';
import { marketLeaseDecider } from '../../domain/marketplace/lease';
import { marketListingDecider } from '../../domain/marketplace/listing';
import { marketOfferDecider } from '../../domain/marketplace/offer';
import { domainActivityDecider } from '../../domain/operations/domain-activity';
import { operationDecider } from '../../domain/operations/operation.decider';
import { registryDomainDecider } from '../../domain/registry/registry-domain.decider';
import { Decider } from '../../domain/shared/decider';
import { DomainEvent } from '../../domain/shared/message';
import { domainClaimDecider } from '../../domain/web3-domains/domain-claim';

/** How a stream's state is folded: the evolve the service decides with, and where it starts. */
export type StreamFold = Pick<Decider<never, DomainEvent, unknown>, 'initialState' | 'evolve'>;

const fold = (decider: Pick<Decider<never, never, unknown>, 'initialState' | 'evolve'>): StreamFold =>
  decider as unknown as StreamFold;

/**
 * The streams whose state an audit shows as it was at a moment, by the prefix of their ids, each with the decider
 * the service itself folds it with (never a second reading of the events). The longest prefix a stream id starts with
 * decides (`market-listing-number-` is no listing).
 */
const FOLDS: readonly (readonly [string, StreamFold | null])[] = [
  // a listing's number names its stream: nothing to fold
  ['market-listing-number-', null],
  ['operation-', fold(operationDecider)],
  ['domain-activity-', fold(domainActivityDecider)],
  ['dns-domain-', fold(dnsDomainDecider)],
  ['dns-zone-', fold(dnsZoneDecider)],
  ['registry-domain-', fold(registryDomainDecider)],
  ['reseller-contact-', fold(contactDecider)],
  ['order-', fold(orderDecider)],
  ['funds-', fold(accountFundsDecider)],
  ['cart-', fold(cartDecider)],
  ['auto-renewal-', fold(autoRenewalDecider)],
  ['market-listing-', fold(marketListingDecider)],
  ['market-offer-', fold(marketOfferDecider)],
  ['market-lease-', fold(marketLeaseDecider)],
  ['backorders-', fold(backordersDecider)],
  ['lander-', fold(landerDecider)],
  ['account-', fold(accountDecider)],
  ['web3-claim-', fold(domainClaimDecider)],
];

/** The fold of a stream, by its id; undefined for a stream the audit lists but does not fold (a key, a number). */
export const foldOfStream = (streamId: string): StreamFold | undefined =>
  FOLDS.filter(([prefix]) => streamId.startsWith(prefix)).sort(([a], [b]) => b.length - a.length)[0]?.[1] ?? undefined;

/** What a stream is of, by its prefix (`dns-zone`, `order`...): its id without the subject; `other` when unknown. */
export const streamKindOf = (streamId: string): string =>
  FOLDS.filter(([prefix]) => streamId.startsWith(prefix))
    .sort(([a], [b]) => b.length - a.length)[0]?.[0]
    .slice(0, -1) ?? 'other';
