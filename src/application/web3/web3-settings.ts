import { Blockchain } from '../../domain/chains/blockchain';

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
  ) {}

  registrationChainOf(name: string): Blockchain | undefined {
    return this.tlds.get(name.split('.').at(-1) ?? '');
  }

  get supportedTlds(): readonly string[] {
    return [...this.tlds.keys()];
  }
}
