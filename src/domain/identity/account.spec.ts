import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import { accountDecider, AccountOpened } from './account';

const at = 1_700_000_000_000;

describe('account decider', () => {
  const given = deciderSpec(accountDecider);
  const opened: AccountOpened = {
    type: 'AccountOpened',
    data: { accountId: 'acc-1', kind: 'partner', profile: 'web3', name: 'Acme', email: null, passwordHash: null, at },
  };
  it('opens an account', () => given().when({ type: 'OpenAccount', data: opened.data }).then(opened));
  it('keeps who the account is', () =>
    given()
      .when({ type: 'OpenAccount', data: opened.data })
      .thenState({ status: 'OPEN', id: 'acc-1', kind: 'partner', profile: 'web3', name: 'Acme', email: null }));
  it('opens a user account, which has no profile', () => {
    const user: AccountOpened = {
      type: 'AccountOpened',
      data: { ...opened.data, kind: 'user', profile: null, email: 'a@example.com', passwordHash: '$argon2id$x' },
    };
    given().when({ type: 'OpenAccount', data: user.data }).then(user);
  });
  it('opens an operator account, which has no profile', () => {
    const operator: AccountOpened = {
      type: 'AccountOpened',
      data: { ...opened.data, kind: 'operator', profile: null },
    };
    given().when({ type: 'OpenAccount', data: operator.data }).then(operator);
  });
  it('refuses an operator with a profile', () =>
    given()
      .when({ type: 'OpenAccount', data: { ...opened.data, kind: 'operator' } })
      .thenThrows(IllegalTransition, /profile/));
  it('refuses to open it twice', () =>
    given(opened)
      .when({ type: 'OpenAccount', data: opened.data })
      .thenThrows(IllegalTransition, { code: 'ILLEGAL_TRANSITION', message: /account acc-1 exists already/ }));
  it('refuses a partner without a profile', () =>
    given()
      .when({ type: 'OpenAccount', data: { ...opened.data, profile: null } })
      .thenThrows(IllegalTransition, /profile/));
  it('refuses a user with a profile', () =>
    given()
      .when({ type: 'OpenAccount', data: { ...opened.data, kind: 'user', profile: 'reseller' } })
      .thenThrows(IllegalTransition, /a user or operator account none/));
  it('fails loudly on a command or an event of a newer version', () => {
    given()
      .when({ type: 'CloseAccount', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(accountDecider, [{ type: 'AccountClosed', data: {} } as never])).toThrow(/unexpected value/);
  });
});
