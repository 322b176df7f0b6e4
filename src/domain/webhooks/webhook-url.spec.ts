import { isPrivateAddress, isPrivateHost } from './private-address';
import { webhookUrlProblem } from './webhook-url';

// Equivalent mutants:
// - webhook-url.ts `parsed.hostname === ''` → `false`, its `''` and its message: the URL parser refuses an http(s) URL
//   without a host before that line, so no URL reaches it with an empty host name.

describe('webhook URLs', () => {
  it.each([
    'https://hooks.example.com/domain-engine',
    'http://hooks.example.com:8080/a/b?token=x&y=1',
    'https://93.184.216.34/hook',
  ])('accepts %s', (url) => expect(webhookUrlProblem(url, false)).toBeUndefined());

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
  ])('refuses %s', (url, problem) => expect(webhookUrlProblem(url, false)).toMatch(problem));

  it('takes a URL of exactly 2048 characters', () => {
    const url = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;
    expect(url).toHaveLength(2048);
    expect(webhookUrlProblem(url, false)).toBeUndefined();
    expect(webhookUrlProblem(`${url}a`, false)).toBe('must be at most 2048 characters');
  });

  it.each([
    'https://hooks.example.com/a\u0000b',
    'https://hooks.example.com/a\u001fb',
    'https://hooks.example.com/a\u007fb',
    'https://hooks.example.com/a\tb',
    'https://hooks.example.com/ ',
  ])('refuses the control characters and spaces of %j', (url) =>
    expect(webhookUrlProblem(url, false)).toBe('must not contain spaces or control characters'),
  );

  it('reads the scheme in any case', () =>
    expect(webhookUrlProblem('HTTPS://hooks.example.com/', false)).toBeUndefined());

  it('accepts private targets when they are allowed', () => {
    expect(webhookUrlProblem('http://127.0.0.1:3000/hook', true)).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:3000/hook', true)).toBeUndefined();
  });

  it.each([
    ['0.1.2.3', 'this network'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['100.127.255.255', 'shared (carrier-grade NAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['172.16.0.1', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.168.255.255', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique local'],
    ['fdff::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
  ])('refuses %s (%s)', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    '1.1.1.1',
    '9.255.255.255',
    '11.0.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.1',
    '169.253.255.255',
    '169.255.0.1',
    '172.15.255.255',
    '192.0.1.1',
    '192.167.255.255',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '2001:db8::1',
    'fbff::1',
    'fec0::1',
    'feff::1',
    '::2',
  ])('lets %s through', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('reads an IPv4 address inside an IPv6 one, as URLs write it too', () => {
    expect(
      [
        '::ffff:127.0.0.1',
        '::FFFF:10.0.0.1',
        '::ffff:7f00:1',
        '::ffff:a00:1',
        '::ffff:c0a8:101',
        '::ffff:a9fe:a9fe',
      ].every(isPrivateAddress),
    ).toBe(true);
    expect(['::ffff:8.8.8.8', '::ffff:808:808', '::ffff:5db8:d822', '::ffff:101:7f00'].some(isPrivateAddress)).toBe(
      false,
    );
  });

  it('reads as IPv4 only an address that is IPv4-mapped as a whole', () => {
    // 0:0:0:0:ffff:7f00:1:2 and 1::ffff:… are IPv6 addresses outside the mapped range; the last is not an address
    expect(
      ['::ffff:7f00:1:2', '1::ffff:7f00:1', '1::ffff:127.0.0.1', '::ffff:127.0.0.1234'].some(isPrivateAddress),
    ).toBe(false);
  });

  it('takes a host as a URL gives it: in brackets, with a trailing dot, in any case', () => {
    expect(
      ['localhost', 'LOCALHOST.', 'api.localhost', '[::1]', '127.0.0.1', '[::ffff:7f00:1]', '10.0.0.1.'].every(
        isPrivateHost,
      ),
    ).toBe(true);
    expect(
      ['example.com', 'localhost.example.com', 'notlocalhost', '[2606:4700::1111]', '1[27.0.0.1]', '[127.0.0].1'].some(
        isPrivateHost,
      ),
    ).toBe(false);
  });

  it('tells private addresses from public ones', () => {
    expect(
      [
        '127.0.0.1',
        '10.0.0.1',
        '172.31.255.255',
        '192.168.1.1',
        '169.254.1.1',
        '::1',
        'fd00::1',
        '::ffff:10.0.0.1',
        '0.0.0.0',
      ].filter(isPrivateAddress),
    ).toHaveLength(9);
    expect(['8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'].some(isPrivateAddress)).toBe(false);
    expect(isPrivateHost('LOCALHOST.')).toBe(true);
    expect(isPrivateHost('example.com')).toBe(false);
  });
});
