import { partnerType } from '../../../application/shared/partner-type';
import { Address } from '../../../domain/chains/blockchain';
import { Web3Account, WalletType } from '../../../domain/web3-accounts/web3-account';
import { decodeCursor } from '../shared/partner-lists';

export interface AccountWallet {
  readonly address: Address;
  readonly type: WalletType;
}

const PAGE = 50;

const isAddressCursor = (value: unknown): value is { after: number } =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as { after?: unknown }).after) &&
  (value as { after: number }).after >= 0;

/** The account's wallets in a stable order: custodial ones as created, then verified external ones. */
export const walletsOf = (account: Web3Account): AccountWallet[] => [
  ...[...account.custodial.values()].flatMap((address) => (address ? [{ address, type: 'SELF' as const }] : [])),
  ...[...account.external].map((address) => ({ address, type: 'EXTERNAL' as const })),
];

/** One page of `wallets` from the list's cursor, and the cursor of the next page (null on the last). */
export const walletPage = (wallets: readonly AccountWallet[], cursor: unknown) => {
  const start = decodeCursor(cursor, isAddressCursor)?.after ?? 0;
  const items = wallets.slice(start, start + PAGE);
  return { items, next: start + PAGE < wallets.length ? { after: start + PAGE } : null };
};

/**
 * A wallet as surface C lists and shows it (`WalletMinimal`). `primaryDomain`: its reverse resolution; undefined
 * leaves the field out, null says the wallet has none.
 */
export const walletView = (namespace: string, wallet: AccountWallet, primaryDomain: string | null | undefined) => ({
  '@type': partnerType(namespace, 'WalletMinimal'),
  address: wallet.address,
  type: wallet.type,
  ...(primaryDomain === undefined ? {} : { primaryDomain }),
});
