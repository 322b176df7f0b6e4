import { webhookUrlProblem } from './webhook-url';

const STRICT = { allowPrivate: false, ownHosts: ['api.example.com', '203.0.113.7'] };

// Equivalent mutants:
// - webhook-url.ts `parsed.hostname === ''` → `false`, its `''` and its message: the URL parser refuses an http(s) URL
//   without a host before that line, so no URL reaches it with an empty host name.

describe('webhook URLs', () => {
  it.each([
    'https://hooks.example.com/domain-engine',
    'http://hooks.example.com:8080/a/b?token=x&y=1',
    'https://93.184.216.34/hook',
  ])('accepts %s', (url) => expect(webhookUrlProblem(url, STRICT)).toBeUndefined());

  it.each([
    ['ftp://hooks.example.com/x', /http or https/],
    ['ftp://hooks.example.com/?next=https://hooks.example.com/', /http or https/],
    ['https://:secret@hooks.example.com/', /user name or password/],
    ['/relative/path', /http or https/],
    ['hooks.example.com/x', /http or https/],
    ['http:hooks.example.com', /http or https/],
    ['https://user:pass@hooks.example.com/', /user name or password/],
    ['https://user@hooks.example.com/', /user name or password/],
    [' https://hooks.example.com/', /spaces/],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, /2048/],
    ['https://', /http or https/],
    ['http://localhost:8080/hook', /loopback/],
    ['http://api.localhost/hook', /loopback/],
    ['http://127.0.0.1/hook', /loopback/],
    ['http://2130706433/hook', /loopback/],
    ['http://10.1.2.3/hook', /loopback/],
    ['http://192.168.0.10/hook', /loopback/],
    ['http://169.254.169.254/latest/meta-data', /loopback/],
    ['http://[::1]/hook', /loopback/],
    ['http://[::ffff:127.0.0.1]/hook', /loopback/],
    ['http://[fe80::1]/hook', /loopback/],
  ])('refuses %s', (url, problem) => expect(webhookUrlProblem(url, STRICT)).toMatch(problem));

  it('takes a URL of exactly 2048 characters', () => {
    const url = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;
    expect(url).toHaveLength(2048);
    expect(webhookUrlProblem(url, STRICT)).toBeUndefined();
    expect(webhookUrlProblem(`${url}a`, STRICT)).toBe('must be at most 2048 characters');
  });

  it.each([
    'https://hooks.example.com/a\u0000b',
    'https://hooks.example.com/a\u001fb',
    'https://hooks.example.com/a\u007fb',
    'https://hooks.example.com/a\tb',
    'https://hooks.example.com/ ',
  ])('refuses the control characters and spaces of %j', (url) =>
    expect(webhookUrlProblem(url, STRICT)).toBe('must not contain spaces or control characters'),
  );

  it('reads the scheme in any case', () =>
    expect(webhookUrlProblem('HTTPS://hooks.example.com/', STRICT)).toBeUndefined());

  it('accepts private targets when they are allowed', () => {
    expect(webhookUrlProblem('http://127.0.0.1:3000/hook', { allowPrivate: true, ownHosts: [] })).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:3000/hook', { allowPrivate: true, ownHosts: [] })).toBeUndefined();
  });

  it('refuses the service itself, however the host is written, unless private targets are allowed', () => {
    expect(webhookUrlProblem('https://API.example.com./hook', STRICT)).toBe('must not point to this service itself');
    expect(webhookUrlProblem('http://203.0.113.7:8080/hook', STRICT)).toBe('must not point to this service itself');
    expect(webhookUrlProblem('https://hooks.api.example.com/', STRICT)).toBeUndefined();
    expect(webhookUrlProblem('https://api.example.com/', { ...STRICT, allowPrivate: true })).toBeUndefined();
  });
});
