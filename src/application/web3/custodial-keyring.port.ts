import { Address } from '../../domain/chains/blockchain';
import { CustodialSigners } from '../chains/custodial-signers.port';

/**
 * Where the keys of custodial wallets are made and kept. `create` is keyed by the creating dependency: run twice,
 * it returns the wallet the first run made. Signing goes through `signerFor` (the chain side's port), only for the
 * account that owns the wallet.
 */
export abstract class CustodialKeyring extends CustodialSigners {
  abstract create(accountId: string, dependencyId: string): Promise<Address>;
}
