import { StoredContact } from '../../../application/dns-domains/contact.queries';
import { InboundEligibility } from '../../../domain/dns-domains/inbound-transfer';
import { AccountName } from '../../../application/dns-domains/account-names';
import { OwnName } from '../../../application/dns-domains/own-names';
import { DnsFlags, flagsOf } from '../../../application/dns-domains/domain-flags';
import { RenewalQuote } from '../../../application/dns-domains/renew-domain.command';
import { DNS_FLAGS, DnsFlagState } from '../../../domain/dns-domains/dns-flags';
import { REGISTRATION_STATUS_OF } from '../../../domain/dns-domains/registration-status';
import { ResellerDomainRow } from '../../../projections/reseller-domains/reseller-domains.projection';
import { AUTO_RENEW_GRACE_MS } from '../../../domain/registry/registry-periods';
import { NameAvailability, PricesOf, TldOffer } from '../../../application/dns-domains/dns-catalogue';
import { RecordSet } from '../../../domain/dns-domains/zone-records';
import { HostingShown } from '../../../domain/dns-domains/hosting-shown';
import { partnerType } from '../../../application/shared/partner-type';
import { DnsAvailability } from '../../../domain/dns-domains/dns-availability';
import { DNSSEC_ALGORITHMS, DS_DIGEST_TYPES } from '../../../domain/dns-domains/dnssec';
import { Price } from '../../../domain/shared/price';

/** Surface D's answers, in the shapes of the real service's schemas (`spec/reference/reseller.openapi.json`). */

export const priceView = (price: Price, validUntil?: number) => ({
  type: price.type,
  listPrice: { usdCents: price.listPriceCents },
  subTotal: { usdCents: price.subTotalCents },
  ...(validUntil === undefined ? {} : { validUntilTimestamp: validUntil }),
});

const constraintsOf = (period: PricesOf['period']) => (period ? { constraints: { registration: { period } } } : {});

/** Registration, renewal, transfer and restoration prices (of a TLD or one name) and the periods allowed. */
export const pricingView = (prices: PricesOf) => ({
  ...(prices.REGISTRATION ? { registration: priceView(prices.REGISTRATION) } : {}),
  ...(prices.RENEWAL ? { renewal: priceView(prices.RENEWAL) } : {}),
  ...(prices.TRANSFER ? { transfer: priceView(prices.TRANSFER) } : {}),
  ...(prices.RESTORATION ? { restoration: priceView(prices.RESTORATION) } : {}),
  ...constraintsOf(prices.period),
});

export const availabilityView = (availability: DnsAvailability) => ({
  source: availability.source,
  status: availability.status,
  ...(availability.price ? { price: priceView(availability.price) } : {}),
  ...constraintsOf(availability.period),
  ...(availability.availableAfter === undefined ? {} : { availableAfterTimestamp: availability.availableAfter }),
});

/** Whose a name is, as the caller may know it: nobody's, or someone's it is not told about. */
const ownerOf = (availability: DnsAvailability) =>
  ['REGISTERED', 'AVAILABLE_FROM_SELLER', 'AVAILABLE_BACKORDER'].includes(availability.status)
    ? { type: 'UNKNOWN' }
    : { type: 'NONE' };

export const domainView = (namespace: string, { name, availability }: NameAvailability) => ({
  '@type': partnerType(namespace, 'Domain'),
  name: name.name,
  unicodeName: name.unicode,
  owner: ownerOf(availability),
  availability: availabilityView(availability),
});

export const tldView = (namespace: string, offer: TldOffer) => ({
  '@type': partnerType(namespace, 'Tld'),
  name: offer.tld,
  namingSystem: 'ICANN',

  canRegister: offer.canRegister,
});

export const tldPricingView = (namespace: string, offer: TldOffer, prices: PricesOf) => ({
  '@type': partnerType(namespace, 'TldDnsPricing'),
  name: offer.tld,
  ...pricingView(prices),
});

export const tldSecurityView = (namespace: string, offer: TldOffer) => {
  const supported = offer.rules?.dnssec === true;
  return {
    '@type': partnerType(namespace, 'TldDnsSecurityConfiguration'),
    dnssec: {
      supported,
      algorithms: supported ? [...DNSSEC_ALGORITHMS].map(([id, name]) => ({ id, name })) : [],
      digestTypes: supported ? [...DS_DIGEST_TYPES].map(([id, { name }]) => ({ id, name })) : [],
    },
  };
};

export const contactView = (namespace: string, contact: StoredContact) => {
  const { details } = contact;
  return {
    '@type': partnerType(namespace, 'Contact'),
    id: contact.id,
    firstName: details.firstName,
    lastName: details.lastName,
    ...(details.organization === null ? {} : { organization: details.organization }),
    countryCode: details.countryCode,
    street: details.street,
    city: details.city,
    postalCode: details.postalCode,
    stateProvince: details.stateProvince,
    phone: { number: details.phone.number, dialingPrefix: details.phone.dialingPrefix },
    email: details.email,
    verification: { status: contact.verification, timestamp: contact.verificationAt },
  };
};

const isoOf = (at: number): string => new Date(at).toISOString();

/** `GET /domains/{name}/renewals`: the renewal terms now, priced for one year (a restoration included). */
export const renewalInfoView = (namespace: string, { terms, price }: RenewalQuote) => ({
  '@type': partnerType(namespace, 'DomainRenewalInfo'),
  isEligible: terms.isEligible,
  expirationDate: isoOf(terms.expiresAt),
  gracePeriodExpirationDate: isoOf(terms.graceEndsAt),
  ...(price ? { price: priceView(price) } : {}),
  period: terms.period,
});

const flagView = (namespace: string, { status, readonlyReasons }: DnsFlagState) => ({
  '@type': partnerType(namespace, 'DomainFlag'),
  status,
  ...(readonlyReasons.length > 0 ? { readonly: { state: true, reasons: readonlyReasons } } : {}),
});

const flagViews = (namespace: string, flags: DnsFlags) =>
  Object.fromEntries(DNS_FLAGS.map((flag) => [flag, flagView(namespace, flags[flag])]));

/** `GET /domains/{name}/flags`. */
export const flagsView = (namespace: string, flags: DnsFlags) => ({
  '@type': partnerType(namespace, 'DomainFlagsResult'),
  ...flagViews(namespace, flags),
});

/** Tokenizing a DNS name on a chain is not offered: the reference lists the flag, always off. */
const noTokenizationView = (namespace: string) => ({
  '@type': partnerType(namespace, 'DomainFlag'),
  status: 'DISABLED',
  readonly: { state: true, reasons: [{ code: 'NOT_SUPPORTED', message: 'DNS names are not tokenized here' }] },
});

/** The registry's dates of one of the account's names, and where it is in its life. */
const registrationDatesView = ({ info }: AccountName) => ({
  status: REGISTRATION_STATUS_OF[info.phase],
  registryCreatedDate: isoOf(info.createdAt),
  expirationDate: isoOf(info.expiresAt),
  expirationGracePeriodDate: isoOf(info.expiresAt + AUTO_RENEW_GRACE_MS),
});

/**
 * A name as `GET /domains` and `GET /domains/{name}` show it: one of the account's (owner SERVICE, with the
 * registrant) with the parts asked for in `$expand`, or any other name with its availability.
 */
export const ownDomainView = (namespace: string, found: NameAvailability, own: OwnName | undefined) => {
  const base = domainView(namespace, found);
  if (!own) return base;
  const { mine, expand, renewal } = own;
  return {
    ...base,
    owner: { type: 'SERVICE', ...(mine.info.contacts ? { contactId: mine.info.contacts.registrant } : {}) },
    ...(expand.includes('registration')
      ? {
          registration: {
            ...registrationDatesView(mine),
            ...(mine.info.phase === 'ACTIVE' ? {} : { deletionAtTimestamp: mine.info.purgesAt }),
            ...(renewal ? { pricing: { renewal: priceView(renewal) } } : {}),
          },
        }
      : {}),
    ...(expand.includes('flags')
      ? {
          flags: {
            ...flagViews(namespace, flagsOf(mine)),
            DNS_UNS_TOKENIZATION: noTokenizationView(namespace),
          },
        }
      : {}),
  };
};

/** `GET /domains/{name}/dns`: who serves the name's DNS, and its registration dates. */
/** Who serves a name: our nameservers (`SERVICE`), the customer's (`EXTERNAL`), or none the registry delegates to. */
export const dnsMetadataView = (namespace: string, mine: AccountName, ours: readonly string[]) => {
  const hosts = mine.info.nameservers;
  const served = hosts.length > 0 && hosts.every((host) => ours.includes(host));
  return {
    '@type': partnerType(namespace, 'IcannDomainDnsMetadata'),
    provider: hosts.length === 0 ? 'NONE' : served ? 'SERVICE' : 'EXTERNAL',
    registration: registrationDatesView(mine),
  };
};

/** A record set of `GET /dns/records`: the apex's without `subName`; a hosted name's addresses read-only. */
export const recordView = (namespace: string, set: RecordSet, readonlyReasons: readonly 'HOSTING'[] = []) => ({
  '@type': partnerType(namespace, 'DomainDnsRecord'),
  id: set.id,
  ...(set.subName ? { subName: set.subName } : {}),
  type: set.type,
  values: set.values,
  ttl: set.ttl,
  readonly: { state: readonlyReasons.length > 0, reasons: readonlyReasons },
});

/** A hosted name of `GET /dns/hosting`, as `hostingShownOf` shows it. */
export const hostingView = (namespace: string, site: HostingShown) => ({
  '@type': partnerType(namespace, 'DomainHostingDetails'),
  type: site.type,
  targetUrl: site.targetUrl,
  ...(site.subName ? { subName: site.subName } : {}),
  status: site.status,
  certificateStatus: site.certificateStatus,
});

/** `GET /dns/nameservers`: the delegation as the registry holds it, with its DS records when asked. */
export const nameserversView = (namespace: string, mine: AccountName, withDs: boolean) => ({
  '@type': partnerType(namespace, 'NameServerListResult'),
  items: mine.info.nameservers,
  dnssec: {
    enabled: mine.info.ds.length > 0,
    ...(withDs
      ? {
          items: mine.info.ds.map(({ keyTag, algorithm, digestType, digest }) => ({
            keyTag,
            algorithm,
            digestType,
            digest,
          })),
        }
      : {}),
  },
});

/** `POST /domains/{name}/dns/transfers/inbound-eligibility` (the reference's shape has no `@type`). */
export const inboundEligibilityView = (eligibility: InboundEligibility) => ({
  isEligible: eligibility.isEligible,
  reasons: eligibility.reasons,
  ...(eligibility.expiresAt === null
    ? {}
    : {
        expirationDate: isoOf(eligibility.expiresAt),
        projectedExpirationDate: isoOf(eligibility.projectedExpiresAt!), // projected whenever there is an expiry
        projectedExtensionPeriod: eligibility.extensionYears,
      }),
});

/**
 * An item of `GET /account/domain-registrations`: a name coming (`REGISTRATION_PROCESSING`,
 * `TRANSFER_INBOUND_PROCESSING`), or held, in the phase the registry has it in now (`DEACTIVATED` once it is not).
 */
export const accountDomainView = (
  namespace: string,
  row: ResellerDomainRow,
  mine: AccountName | null | undefined,
  withFlags: boolean,
) => {
  const status =
    row.status !== 'REGISTERED'
      ? row.status
      : mine && mine.info.phase !== 'PURGED'
        ? REGISTRATION_STATUS_OF[mine.info.phase]
        : 'DEACTIVATED';
  return {
    '@type': partnerType(namespace, 'AccountDomain'),
    name: row.name,
    status,
    namingSystem: 'ICANN',
    expirationTimestamp: mine?.info.expiresAt ?? row.expiresAt,
    ...(withFlags && mine
      ? { flags: { ...flagViews(namespace, flagsOf(mine)), DNS_UNS_TOKENIZATION: noTokenizationView(namespace) } }
      : {}),
  };
};
