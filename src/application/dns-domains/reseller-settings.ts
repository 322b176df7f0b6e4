import { OutboundPolicy } from '../../domain/shared/outbound-target';

/** What surface D's rules depend on, read once from the configuration. */
export class ResellerSettings {
  constructor(
    /** `<ns>` of `@type` values. */
    readonly namespace: string,
    /** The ICANN TLDs the service sells, in the configured order (`TLDS`). */
    readonly tlds: readonly string[],
    readonly creditLimitCents: number,
    /** Most one registration may cost: a premium name above it is not offered. */
    readonly priceLimitCents: number,
    /** How long a preview's quote binds the commit that names it. */
    readonly quoteValidityMs: number,
    /** Where people reach the service: the base of the links in contact verification mail. */
    readonly publicUrl: string,
    /** The first wait before asking the registry again about a transfer in; it doubles up to 60 times this. */
    readonly transferPollMs: number,
    /** Our nameservers: what the registry gets for names on our DNS (`DNS_NAMESERVERS`). */
    readonly nameservers: readonly string[],
    /** Where hosted names resolve: the hosting listener's addresses (`HOSTING_ADDRESS`). */
    readonly hostingAddresses: readonly string[],
    /** How long a zone stays signed after its DS was withdrawn (`DNSSEC_RETIREMENT_MS`). */
    readonly dnssecRetirementMs: number,
    /** Whom a reverse proxy may forward to (`HOSTING_ALLOW_PRIVATE_TARGETS`): the rule webhooks follow too. */
    readonly hostingOutbound: OutboundPolicy,
  ) {}

  sells(tld: string): boolean {
    return this.tlds.includes(tld);
  }
}
