import { partnerType } from '../../../application/shared/partner-type';
import { Address } from '../../../domain/chains/blockchain';
import { Web3Account, WalletType } from '../../../domain/web3-accounts/web3-account';
import { decodeCursor } from '../shared/partner-lists';

export interface AccountWallet {
  readonly address: Address;
  readonly type: WalletType;
  /**
   * Its place in the account's order, custodial wallets as requested, then external ones as verified: a wallet made
   * later only ever comes after the others of its kind, so a page's cursor never moves under a walk.
   */
  readonly position: readonly [kind: number, index: number];
}

const PAGE = 50;

/** Where a page ends: the position of its last wallet. */
interface WalletCursor {
  readonly kind: number;
  readonly index: number;
}

const isWalletCursor = (value: unknown): value is WalletCursor => {
  const { kind, index } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return (kind === 0 || kind === 1) && Number.isSafeInteger(index) && (index as number) >= 0;
};

/** The account's wallets in a stable order: custodial ones as requested (once made), then external ones. */
export const walletsOf = (account: Web3Account): AccountWallet[] => [
  ...[...account.custodial.values()].flatMap((address, index) =>
    address ? [{ address, type: 'SELF' as const, position: [0, index] as const }] : [],
  ),
  ...[...account.external].map((address, index) => ({
    address,
    type: 'EXTERNAL' as const,
    position: [1, index] as const,
  })),
];

/** One page of `wallets` after the list's cursor, and the cursor of the next page (null on the last). */
export const walletPage = (wallets: readonly AccountWallet[], cursor: unknown) => {
  const after = decodeCursor(cursor, isWalletCursor);
  const rest = after
    ? wallets.filter(({ position: [kind, index] }) => kind > after.kind || (kind === after.kind && index > after.index))
    : wallets;
  const items = rest.slice(0, PAGE);
  const last = items.at(-1);
  return {
    items,
    next: rest.length > PAGE && last ? { kind: last.position[0], index: last.position[1] } : null,
  };
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
