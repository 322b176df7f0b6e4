import { REGISTRATION_STATUS_OF } from './registration-status';

describe('the registration status of a name', () => {
  it.each([
    ['ACTIVE', 'REGISTERED'],
    ['AUTO_RENEW_GRACE', 'EXPIRED_GRACE_PERIOD'],
    ['REDEMPTION', 'EXPIRED_REDEMPTION_PERIOD'],
    ['PENDING_DELETE', 'EXPIRED_PENDING_DELETE'],
    ['PURGED', 'INACTIVE'],
  ] as const)('shows a name in its %s phase as %s', (phase, status) =>
    expect(REGISTRATION_STATUS_OF[phase]).toBe(status),
  );
});
