import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { DomainCommand, DomainEvent } from '../shared/message';

/**
 * Users sign up (surface B) and act through agents (surface A); partners use `/partner/v3` in the vocabulary of their
 * profile; operators run the service and look at everything through `/operator/v1` and the console.
 */
export type AccountKind = 'user' | 'partner' | 'operator';
export type PartnerProfile = 'web3' | 'reseller';

export const accountStream = (accountId: string): string => `account-${accountId}`;

export type AccountOpened = DomainEvent<
  'AccountOpened',
  {
    accountId: string;
    kind: AccountKind;
    profile: PartnerProfile | null;
    name: string;
    email: string | null;
    passwordHash: string | null;
    at: number;
  }
>;
export type AccountEvent = AccountOpened;

export type OpenAccount = DomainCommand<'OpenAccount', AccountOpened['data']>;
export type AccountCommand = OpenAccount;

export type Account =
  | { readonly status: 'NONE' }
  | {
      readonly status: 'OPEN';
      readonly id: string;
      readonly kind: AccountKind;
      readonly profile: PartnerProfile | null;
      readonly name: string;
      readonly email: string | null;
    };

const evolve = (_account: Account, event: AccountEvent): Account => {
  switch (event.type) {
    case 'AccountOpened': {
      const { accountId: id, kind, profile, name, email } = event.data;
      return { status: 'OPEN', id, kind, profile, name, email };
    }
    default:
      return assertNever(event.type);
  }
};

const decide = (command: AccountCommand, account: Account): AccountEvent[] => {
  switch (command.type) {
    case 'OpenAccount': {
      if (account.status !== 'NONE') throw new IllegalTransition(`account ${command.data.accountId} exists already`);
      if ((command.data.kind === 'partner') !== (command.data.profile !== null))
        throw new IllegalTransition('a partner account has a profile, a user or operator account none');
      return [{ type: 'AccountOpened', data: command.data }];
    }
    default:
      return assertNever(command.type);
  }
};

export const accountDecider: Decider<AccountCommand, AccountEvent, Account> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
