import { Address } from '../../domain/chains/blockchain';
import { MessageSigner } from './chain-writer.port';

/**
 * The keys of the custodial wallets the service holds for accounts. Undefined when the account holds no key for
 * the address (the wallet is external, or another account's).
 */
export abstract class CustodialSigners {
  abstract signerFor(accountId: string, address: Address): Promise<MessageSigner | undefined>;
}
