import { RateLimited, Unauthorized } from './errors';

// The other errors are checked where the rules raise them (the decider specs assert code, message and context).
describe('domain errors', () => {
  it('tell a client when to try again', () => {
    const error = new RateLimited(30);
    // named by its class, for the logs
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 30, name: 'RateLimited' });
    expect(error.message).toBe('too many requests; try again in 30 s');
  });

  it('ask for credentials, in the words of the caller when it has them', () => {
    expect(new Unauthorized()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Authentication required', context: {} });
    expect(new Unauthorized('the access token has expired').message).toBe('the access token has expired');
  });
});
