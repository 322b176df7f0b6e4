import { isStoreUnavailable } from './service-health.port';

describe('isStoreUnavailable', () => {
  it('given PostgreSQL gone or restarting, when asked, then it is unavailable', () => {
    expect(isStoreUnavailable({ code: '57P01' })).toBe(true);
    expect(isStoreUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isStoreUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('given an event store client error of a server it cannot reach now, when asked, then it is unavailable', () => {
    for (const type of ['unavailable', 'deadline-exceeded', 'not-leader', 'timeout'])
      expect(isStoreUnavailable({ type })).toBe(true);
    expect(isStoreUnavailable({ type: 'wrong-expected-version' })).toBe(false);
  });

  it('given a MongoDB driver error of servers it cannot reach, when asked, then it is unavailable', () => {
    const named = (name: string) => Object.assign(new Error('gone'), { name });
    for (const name of ['MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoServerSelectionError'])
      expect(isStoreUnavailable(named(name))).toBe(true);
    for (const name of ['MongoNotConnectedError', 'MongoTopologyClosedError'])
      expect(isStoreUnavailable(named(name))).toBe(true);
    expect(isStoreUnavailable(named('MongoServerError'))).toBe(false);
  });

  it('given a refusal of the request itself, when asked, then it is not unavailability', () => {
    expect(isStoreUnavailable({ code: '23505' })).toBe(false);
    expect(isStoreUnavailable(new Error('boom'))).toBe(false);
    expect(isStoreUnavailable(undefined)).toBe(false);
  });
});
