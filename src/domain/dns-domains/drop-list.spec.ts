import { DROP_TIME_TOLERANCE_MS, dropStatusOf, dropTimeProblemOf } from './drop-list';

describe('the drop list', () => {
  it.each([
    ['ACTIVE', null],
    ['AUTO_RENEW_GRACE', 'COMING_SOON'],
    ['REDEMPTION', 'COMING_SOON'],
    ['PENDING_DELETE', 'AVAILABLE_BACKORDER'],
    ['PURGED', null],
  ] as const)('given a name in %s, shows it as %s', (phase, status) => {
    expect(dropStatusOf(phase)).toBe(status);
  });

  it('takes a backorder for the drop the registry will make, within a minute of its time', () => {
    const purgeAt = Date.UTC(2027, 0, 10, 12);
    expect(dropTimeProblemOf(purgeAt, purgeAt)).toBeNull();
    expect(dropTimeProblemOf(purgeAt - DROP_TIME_TOLERANCE_MS, purgeAt)).toBeNull();
    expect(dropTimeProblemOf(purgeAt + DROP_TIME_TOLERANCE_MS, purgeAt)).toBeNull();
    const told = `the name drops at 2027-01-10T12:00:00.000Z (availableAfterTimestamp ${purgeAt}), as svc_expireds_list says`;
    expect(dropTimeProblemOf(purgeAt - DROP_TIME_TOLERANCE_MS - 1, purgeAt)).toBe(told);
    expect(dropTimeProblemOf(purgeAt + DROP_TIME_TOLERANCE_MS + 1, purgeAt)).toBe(told);
  });
});
