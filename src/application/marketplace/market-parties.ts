import { Injectable } from '@nestjs/common';
import { SecretBox } from '../identity/identity.ports';

/**
 * How the marketplace names its parties to one another: by ids made from the account with the service's secret key,
 * always the same for one account, from which nobody without the key learns the account (or another id of it).
 */
@Injectable()
export class MarketParties {
  constructor(private readonly secrets: SecretBox) {}

  /** The seller of a listing, as browsing shows it. */
  sellerIdOf(accountId: string): string {
    return `sel_${this.secrets.keyedDigest(`market-seller\u0000${accountId}`).slice(0, 32)}`;
  }
}
