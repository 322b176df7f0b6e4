import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import {
  isCodeForPush,
  livePushCodeOf,
  PUSH_CODE_ATTEMPTS,
  PUSH_CODE_TTL_MS,
  PushCodeEvent,
  pushCodeDecider,
  pushCodeStream,
} from './push-code';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(pushCodeDecider);
const push = { targetAccountId: 'acc-2', names: ['sun.com', 'moon.io'] };
const issued = (codeDigest = 'd-1', when = at) => ({
  type: 'PushCodeIssued' as const,
  data: { accountId: 'acc-1', ...push, codeDigest, sealedCode: 's', expiresAt: when + PUSH_CODE_TTL_MS, at: when },
});
const use = (codeDigest: string, change: Partial<typeof push> = {}, when = at + 1) => ({
  type: 'UsePushCode' as const,
  data: { accountId: 'acc-1', ...push, ...change, codeDigest, at: when },
});
const used = (when = at + 1): PushCodeEvent => ({ type: 'PushCodeUsed', data: { accountId: 'acc-1', at: when } });
const rejected = (when = at + 1): PushCodeEvent => ({
  type: 'PushCodeRejected',
  data: { accountId: 'acc-1', at: when },
});

describe("a push's one-time code", () => {
  it('is a stream per pushing account, with no code at first', () => {
    expect(pushCodeStream('acc-1')).toBe('push-code-acc-1');
    given().thenState({ code: null, failures: 0, used: false });
    expect(livePushCodeOf(fold(pushCodeDecider, []), at)).toBeNull();
    expect(isCodeForPush(fold(pushCodeDecider, []), push, at)).toBe(false);
  });

  it('is issued for one push, a new one replacing the one before with its tries', () => {
    given().when({ type: 'IssuePushCode', data: issued().data }).then(issued());
    given(issued('d-1'), rejected(), issued('d-2')).thenState({
      code: { ...push, codeDigest: 'd-2', expiresAt: at + PUSH_CODE_TTL_MS },
      failures: 0,
      used: false,
    });
  });

  it('confirms its push once, the names in any order', () => {
    given(issued()).when(use('d-1')).then(used());
    given(issued())
      .when(use('d-1', { names: ['moon.io', 'sun.com'] }))
      .then(used());
    given(issued(), used()).thenState({ used: true });
    given(issued(), used()).when(use('d-1')).thenNothing();
  });

  it('counts a wrong code against its tries, and dies at the last', () => {
    given(issued()).when(use('d-9')).then(rejected());
    const tried = Array.from({ length: PUSH_CODE_ATTEMPTS - 1 }, () => rejected());
    given(issued(), ...tried)
      .when(use('d-1'))
      .then(used());
    given(issued(), ...tried, rejected())
      .when(use('d-1'))
      .thenNothing();
    given(issued(), ...tried, rejected()).thenState({ failures: PUSH_CODE_ATTEMPTS });
  });

  it('confirms no other push: other names, another target, more or fewer names', () => {
    for (const change of [
      { names: ['sun.com', 'star.com'] },
      { targetAccountId: 'acc-3' },
      { names: ['sun.com'] },
      { names: ['sun.com', 'moon.io', 'star.com'] },
      { names: ['sun.com', 'sun.com'] },
    ]) {
      given(issued()).when(use('d-1', change)).thenNothing();
      expect(isCodeForPush(fold(pushCodeDecider, [issued()]), { ...push, ...change }, at)).toBe(false);
    }
    expect(isCodeForPush(fold(pushCodeDecider, [issued()]), push, at)).toBe(true);
  });

  it('expires after its minutes', () => {
    const state = fold(pushCodeDecider, [issued()]);
    expect(livePushCodeOf(state, at + PUSH_CODE_TTL_MS - 1)).toMatchObject({ codeDigest: 'd-1' });
    expect(livePushCodeOf(state, at + PUSH_CODE_TTL_MS)).toBeNull();
    given(issued())
      .when(use('d-1', {}, at + PUSH_CODE_TTL_MS))
      .thenNothing();
    expect(PUSH_CODE_TTL_MS).toBe(600_000);
    expect(PUSH_CODE_ATTEMPTS).toBe(5);
  });

  it('fails loudly on a command or an event of a newer version', () => {
    expect(() => pushCodeDecider.decide({ type: 'ResendPushCode' } as never, pushCodeDecider.initialState())).toThrow(
      /unexpected/,
    );
    expect(() => fold(pushCodeDecider, [{ type: 'PushCodeResent' } as never])).toThrow(/unexpected/);
  });
});
