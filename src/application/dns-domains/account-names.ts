import { Injectable } from '@nestjs/common';
import { DnsDomain, dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { NotFound } from '../../domain/shared/errors';
import { SecondLevelName } from '../../domain/shared/names';
import { Registry, RegistryDomainInfo } from '../registry/registry.port';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { DnsCatalogue, TldOffer } from './dns-catalogue';

/** One of an account's names: what this service holds of it, and the registry's record as of now. */
export interface AccountName {
  readonly name: SecondLevelName;
  readonly held: Extract<DnsDomain, { status: 'REGISTERED' }>;
  readonly info: RegistryDomainInfo;
  readonly now: number;
}

/** What a name is priced with: its TLD's offer, and the registry's premium price when it has one. */
export interface NamePricing {
  readonly offer: TldOffer | undefined;
  /** The registry's yearly price for a premium name; null for a standard one. */
  readonly premiumCents: number | null;
}

/**
 * The account's registered names as surface D's routes read them. A name that is not the account's, or that the
 * registry no longer holds for us, is NOT_FOUND, told like one that never existed.
 */
@Injectable()
export class AccountNames {
  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly catalogue: DnsCatalogue,
  ) {}

  async get(accountId: string, name: SecondLevelName): Promise<AccountName> {
    const found = await this.find(accountId, name);
    if (!found) throw new NotFound('domain', name.name);
    return found;
  }

  /** The name when it is one of the account's, registered and held for us by the registry; undefined otherwise. */
  async find(accountId: string, name: SecondLevelName): Promise<AccountName | undefined> {
    const { state } = await loadStream(this.store, dnsDomainStream(name.name), dnsDomainDecider);
    if (state.status !== 'REGISTERED' || state.accountId !== accountId) return undefined;
    const [info, now] = await Promise.all([this.registry.info(name.name), this.registry.now()]);
    return info?.sponsoredByUs ? { name, held: state, info, now } : undefined;
  }

  /** Read only where a price is shown or charged (renewals), not by every route that reads a name. */
  async pricingOf(name: SecondLevelName): Promise<NamePricing> {
    const [offer, [check]] = await Promise.all([this.catalogue.tld(name.tld), this.registry.check([name.name])]);
    return { offer, premiumCents: check.premiumCents };
  }
}
