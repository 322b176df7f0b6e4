import { web3AccountDecider, web3AccountStream, Web3Account } from '../../domain/web3-accounts/web3-account';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';

/** A partner's wallets as stored now. */
export const loadWeb3Account = async (store: EventStore, accountId: string): Promise<Web3Account> =>
  (await loadStream(store, web3AccountStream(accountId), web3AccountDecider)).state;
