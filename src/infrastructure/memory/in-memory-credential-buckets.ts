import { CredentialBuckets } from '../../application/identity/identity.ports';
import { Clock } from '../../application/shared/clock';
import { takeTokens, TokenBucket, TokenDecision, TokenRate } from '../../domain/identity/token-bucket';

/** Token buckets of one process, for unit tests and the contract suite the PostgreSQL adapter must agree with. */
export class InMemoryCredentialBuckets implements CredentialBuckets {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly clock: Clock) {}

  async take(bucket: string, rate: TokenRate, wanted = 1): Promise<TokenDecision & { readonly taken: number }> {
    const decision = takeTokens(this.buckets.get(bucket), this.clock.now(), rate, wanted);
    this.buckets.set(bucket, decision.bucket);
    return decision;
  }
}
