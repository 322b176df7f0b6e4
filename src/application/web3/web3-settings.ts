import { Blockchain, isReadOnly } from '../../domain/chains/blockchain';

/** What surface C's rules depend on, read once from the configuration. */
export class Web3Settings {
  constructor(
    /** `<ns>` of `@type` values. */
    readonly namespace: string,
    /** Each blockchain ending and the chain its names are registered on. */
    readonly tlds: ReadonlyMap<string, Blockchain>,
    readonly comingSoonTlds: readonly string[],
    readonly walletLimit: number,
    readonly creditLimitCents: number,
    readonly returnWindowMs: number,
    readonly verificationTtlMs: number,
    /** The record keys the registry's resolver knows: the only ones a partner may set. */
    readonly recordKeys: ReadonlySet<string>,
  ) {}

  registrationChainOf(name: string): Blockchain | undefined {
    return this.tlds.get(name.split('.').at(-1) ?? '');
  }

  get supportedTlds(): readonly string[] {
    return [...this.tlds.keys()];
  }

  /** The endings whose names can be claimed: those registered on chains the service writes. */
  get claimableTlds(): readonly string[] {
    return [...this.tlds].filter(([, blockchain]) => !isReadOnly(blockchain)).map(([tld]) => tld);
  }

  /**
   * Every ending a name may have: the supported ones and those coming soon (whose names are looked up, not claimed).
   */
  get knownTlds(): readonly string[] {
    return [...this.supportedTlds, ...this.comingSoonTlds];
  }
}
