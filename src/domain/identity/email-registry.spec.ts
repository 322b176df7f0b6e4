import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { EmailClaimed, emailDecider, EmailTaken } from './email-registry';

const at = 1_700_000_000_000;

describe('email registry decider', () => {
  const given = deciderSpec(emailDecider);
  const claimed: EmailClaimed = { type: 'EmailClaimed', data: { email: 'a@example.com', accountId: 'acc-1', at } };
  it('claims a free address', () => given().when({ type: 'ClaimEmail', data: claimed.data }).then(claimed));
  it('holds no address before it is claimed', () => given().thenState({ accountId: null }));
  it('holds the address for the account', () =>
    given().when({ type: 'ClaimEmail', data: claimed.data }).thenState({ accountId: 'acc-1' }));
  it('refuses an address another account holds', () =>
    given(claimed)
      .when({ type: 'ClaimEmail', data: { ...claimed.data, accountId: 'acc-2' } })
      .thenThrows(EmailTaken, { code: 'CONFLICT', message: /an account uses a@example.com already/ }));
  it('says nothing when the holder claims it again', () =>
    given(claimed).when({ type: 'ClaimEmail', data: claimed.data }).thenNothing());
  it('fails loudly on an event of a newer version', () =>
    expect(() => fold(emailDecider, [{ type: 'EmailReleased', data: {} } as never])).toThrow(/unexpected value/));
});
