import { DnsZoneRow } from '../../projections/dns-zones/dns-zones.projection';
import { servedZoneOf, ZoneDefaults } from './served-zone';

const defaults: ZoneDefaults = {
  nameservers: ['ns1.example.test'],
  hostmaster: 'h.example.test',
  open: () => '',
  hostingAddresses: ['192.0.2.80', '2001:db8::80'],
  forSalePageOf: (apex) => `https://market.test/market/${apex}`,
};
const row = (change: Partial<DnsZoneRow>): DnsZoneRow => ({
  name: 'sale.test',
  accountId: 'acc-1',
  records: [],
  nameservers: null,
  ds: [],
  resolution: true,
  signing: null,
  hosting: [],
  serial: 7,
  ...change,
});
const addressesOf = (zone: ReturnType<typeof servedZoneOf>) =>
  ['A', 'AAAA'].flatMap(
    (type) =>
      zone.nodes
        .get('sale.test')
        ?.get(type)
        ?.answers.map((answer) => (answer as { data: unknown }).data) ?? [],
  );

describe('a name for sale, as the DNS server and the hosting listener serve it', () => {
  it('parks at the hosting listener, which sends its visitors to its page, while it has no address of its own', () => {
    const zone = servedZoneOf(row({ forSale: true }), defaults);
    expect(addressesOf(zone)).toEqual(['192.0.2.80', '2001:db8::80']);
    expect(zone.sites.get('sale.test')).toEqual({
      type: 'REDIRECT_302',
      targetUrl: 'https://market.test/market/sale.test',
      certificate: null,
      exact: true,
    });
  });

  it('keeps an address of its own, and parks nothing when not for sale', () => {
    for (const type of ['A', 'AAAA', 'CNAME', 'ALIAS'] as const) {
      const value = { A: '198.51.100.1', AAAA: '2001:db8::1', CNAME: 'elsewhere.test.', ALIAS: 'elsewhere.test.' }[
        type
      ]!;
      const zone = servedZoneOf(
        row({ forSale: true, records: [{ id: 'rr-1', subName: '', type, values: [value], ttl: 300 }] }),
        defaults,
      );
      expect([type, zone.sites.size]).toEqual([type, 0]);
    }
    const sub = servedZoneOf(
      row({ forSale: true, records: [{ id: 'rr-1', subName: 'www', type: 'A', values: ['198.51.100.1'], ttl: 300 }] }),
      defaults,
    );
    expect(sub.sites.get('sale.test')).toBeDefined();
    for (const forSale of [false, undefined]) {
      const zone = servedZoneOf(row({ forSale }), defaults);
      expect(addressesOf(zone)).toEqual([]);
      expect(zone.sites.size).toBe(0);
    }
  });

  it('serves a hosted for-sale page as the page itself, and any other redirect with the path asked', () => {
    const site = (subName: string, targetUrl: string) => ({
      subName,
      type: 'REDIRECT_302' as const,
      targetUrl,
      certificate: null,
      setBy: 'op-1',
    });
    const zone = servedZoneOf(
      row({ hosting: [site('buy', 'https://market.test/market/sale.test'), site('go', 'https://elsewhere.test/')] }),
      defaults,
    );
    expect(zone.sites.get('buy.sale.test')).toMatchObject({ exact: true });
    expect(zone.sites.get('go.sale.test')).not.toHaveProperty('exact');
  });

  it("shows a landing page at a name with no address of its own, before its parking, and not over the user's address", () => {
    const lander = { jobId: 'job-1', html: '<p>hello</p>' };
    const shown = servedZoneOf(row({ forSale: true, lander }), defaults);
    expect(addressesOf(shown)).toEqual(['192.0.2.80', '2001:db8::80']);
    expect(shown.sites.get('sale.test')).toEqual({
      type: 'LANDER',
      targetUrl: '',
      html: '<p>hello</p>',
      certificate: null,
    });
    const addressed = servedZoneOf(
      row({ lander, records: [{ id: 'rr-1', subName: '', type: 'A', values: ['198.51.100.1'], ttl: 300 }] }),
      defaults,
    );
    expect(addressed.sites.size).toBe(0);
    expect(addressesOf(addressed)).toEqual(['198.51.100.1']);
    expect(servedZoneOf(row({ lander: null }), defaults).sites.size).toBe(0);
  });
});
