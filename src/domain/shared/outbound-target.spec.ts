import { isPrivateAddress, isPrivateHost, outboundHostProblem } from './outbound-target';

describe('outbound targets', () => {
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

  describe('one policy for every URL the service calls', () => {
    const policy = { allowPrivate: false, ownHosts: ['api.example.com', '203.0.113.7', '2001:db8::80'] };

    it.each(['localhost', '127.0.0.1', '[::1]', '10.1.2.3', 'app.localhost'])('refuses the private host %s', (host) =>
      expect(outboundHostProblem(host, policy)).toBe('must not point to a loopback, private or link-local address'),
    );

    it.each(['api.example.com', 'API.EXAMPLE.COM.', '203.0.113.7', '[2001:db8::80]'])(
      'refuses %s, the service itself',
      (host) => expect(outboundHostProblem(host, policy)).toBe('must not point to this service itself'),
    );

    it.each(['example.org', 'www.api.example.com', '203.0.113.8', '[2001:db8::81]'])('lets %s through', (host) =>
      expect(outboundHostProblem(host, policy)).toBeUndefined(),
    );

    it('lets every host through when private targets are allowed (development and tests)', () =>
      expect(
        ['localhost', '10.1.2.3', 'api.example.com'].map((host) =>
          outboundHostProblem(host, { ...policy, allowPrivate: true }),
        ),
      ).toEqual([undefined, undefined, undefined]));
  });
});
