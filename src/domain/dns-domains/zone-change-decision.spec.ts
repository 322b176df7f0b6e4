import { zoneChangeOf } from '../../../test/support/operation-events';
import { expectRefusal, exactly } from '../../../test/support/decision-spec';
import { DependencySpec } from '../operations/operation.events';
import { Refused } from '../shared/errors';
import {
  dependencyIdOfRecord,
  recordChangesOf,
  recordIdOfDependency,
  ZoneChangeRequest,
  zoneDependenciesOf,
  ZoneFacts,
} from './zone-change-decision';
import { RecordChanges, RecordSet } from './zone-records';

const name = 'fresh.com';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const set = (n: number, subName: string, type: RecordSet['type'], values: string[]): RecordSet => ({
  id: `rr-${uuid(n)}`,
  subName,
  type,
  values,
  ttl: 300,
});
const digest = 'AB'.repeat(32);
const ds = { keyTag: 60485, algorithm: 13, digestType: 2, digest };

const nothing = zoneChangeOf(name, {
  recordDependencyIds: { update: ['plop_u1', 'plop_u2'], delete: ['plop_d1', 'plop_d2'] },
});
const empty: ZoneFacts = { records: [], nameservers: null, signed: false, dsPublished: false, hosted: [] };
const records = (changes: Partial<RecordChanges>): RecordChanges => ({
  create: [],
  update: [],
  delete: [],
  ...changes,
});

/** given(the zone now).when(the change asked).then(its dependencies) / .thenThrows(refusal). */
const given = (zone: Partial<ZoneFacts> = {}) => ({
  when: (change: Partial<ZoneChangeRequest>) => {
    const decide = () => zoneDependenciesOf({ ...nothing, ...change }, { ...empty, ...zone });
    return {
      then: (...expected: DependencySpec[]) => expect(decide()).toEqual(expected),
      thenThrows: (message: string, problems?: string[]) =>
        expectRefusal(decide, Refused, {
          code: 'VALIDATION',
          message: exactly(message),
          context: problems ? { problems } : {},
        }),
    };
  },
});

const setNameservers = (parameters: DependencySpec['parameters']): DependencySpec => ({
  id: 'plop_ns',
  type: 'DOMAIN_SET_NAMESERVERS',
  parameters,
});
const nameserversRefused = (...problems: string[]) => [problems.join('; '), problems] as const;

describe('a zone change', () => {
  it('changes nothing when nothing is asked', () => {
    given().when({}).then();
    given({ signed: true, dsPublished: true, nameservers: null }).when({}).then();
  });

  describe('its nameservers', () => {
    it('delegates to the customer’s hosts as the registry takes them, with their DS records', () =>
      given()
        .when({ nameservers: { hosts: ['NS1.Example.NET.', 'ns2.example.net'], ds: [ds] } })
        .then(
          setNameservers({
            items: ['ns1.example.net', 'ns2.example.net'],
            dnssec: [{ ...ds, digest: digest.toLowerCase() }],
          }),
        ));

    it('delegates back to ours with no hosts and no DS records', () =>
      given({ nameservers: ['ns1.example.net'] })
        .when({ nameservers: { hosts: null, ds: [] } })
        .then(setNameservers({})));

    it('takes 1 to 13 hosts', () => {
      const hosts = (count: number) => Array.from({ length: count }, (_, index) => `ns${index}.example.net`);
      given()
        .when({ nameservers: { hosts: hosts(13), ds: [] } })
        .then(setNameservers({ items: hosts(13) }));
      given()
        .when({ nameservers: { hosts: hosts(1), ds: [] } })
        .then(setNameservers({ items: hosts(1) }));
      for (const count of [0, 14]) {
        given()
          .when({ nameservers: { hosts: hosts(count), ds: [] } })
          .thenThrows(...nameserversRefused('nameservers: 1 to 13 hosts'));
      }
    });

    it('refuses what is not a host name, the domain itself and a host named twice', () =>
      given()
        .when({
          nameservers: {
            hosts: ['not a host', '_ns.example.net', 'FRESH.com.', 'ns1.example.net', 'ns1.example.net.'],
            ds: [],
          },
        })
        .thenThrows(
          ...nameserversRefused(
            'nameservers[0] is not a host name',
            'nameservers[1] is not a host name',
            'nameservers[2] is the domain itself',
            'nameservers must not name a host twice',
          ),
        ));

    it('takes a host inside the domain only with an address in the zone for its glue', () => {
      const inside = { nameservers: { hosts: ['ns1.fresh.com', 'ns2.fresh.com'], ds: [] } };
      given({ records: [set(1, 'ns1', 'A', ['192.0.2.1']), set(2, 'ns2', 'AAAA', ['2001:db8::1'])] })
        .when(inside)
        .then(setNameservers({ items: ['ns1.fresh.com', 'ns2.fresh.com'] }));
      given({ records: [set(1, 'ns1', 'TXT', ['x']), set(2, 'ns3', 'A', ['192.0.2.1'])] })
        .when(inside)
        .thenThrows(
          ...nameserversRefused(
            'nameservers[0] is inside fresh.com: give ns1.fresh.com an A or AAAA record first, for its glue',
            'nameservers[1] is inside fresh.com: give ns2.fresh.com an A or AAAA record first, for its glue',
          ),
        );
    });

    it('counts the addresses the same change creates, and not those it deletes', () => {
      const glue = set(1, 'ns1', 'A', ['192.0.2.1']);
      const nameservers = { hosts: ['ns1.fresh.com'], ds: [] };
      given()
        .when({ nameservers, records: records({ create: [{ ...glue, upsert: 'DISALLOWED' }] }) })
        .then(setNameservers({ items: ['ns1.fresh.com'] }), {
          id: dependencyIdOfRecord(glue.id),
          type: 'DNS_RECORD_CREATE',
          parameters: { subName: 'ns1', type: 'A', values: ['192.0.2.1'], ttl: 300, $upsert: 'DISALLOWED' },
        });
      given({ records: [glue] })
        .when({ nameservers, records: records({ delete: [glue.id] }) })
        .thenThrows(
          ...nameserversRefused(
            'nameservers[0] is inside fresh.com: give ns1.fresh.com an A or AAAA record first, for its glue',
          ),
        );
    });

    it('takes a host of another domain that ends as this one does', () =>
      given()
        .when({ nameservers: { hosts: ['ns.unfresh.com'], ds: [] } })
        .then(setNameservers({ items: ['ns.unfresh.com'] })));

    it('takes at most 8 DS records, each as the service takes them, and only with the customer’s hosts', () => {
      const hosts = ['ns1.example.net'];
      given()
        .when({ nameservers: { hosts, ds: Array.from({ length: 8 }, (_, keyTag) => ({ ...ds, keyTag })) } })
        .then(
          setNameservers({
            items: hosts,
            dnssec: Array.from({ length: 8 }, (_, keyTag) => ({ ...ds, keyTag, digest: digest.toLowerCase() })),
          }),
        );
      given()
        .when({ nameservers: { hosts, ds: Array.from({ length: 9 }, (_, keyTag) => ({ ...ds, keyTag })) } })
        .thenThrows(...nameserversRefused('at most 8 DS records'));
      given()
        .when({ nameservers: { hosts, ds: [ds, { ...ds, algorithm: 5 }] } })
        .thenThrows(
          ...nameserversRefused('dnssec.items[1]: the algorithm is not one the service takes (8, 13, 14, 15, 16)'),
        );
      given()
        .when({ nameservers: { hosts: null, ds: [ds] } })
        .thenThrows(
          ...nameserversRefused('DS records go with your own nameservers: ours sign the zone through /dns/security'),
        );
    });
  });

  describe('DNSSEC', () => {
    const setDnssec = { id: 'plop_dnssec', type: 'DOMAIN_DNS_SECURITY_SET_DNSSEC', parameters: { domain: name } };
    const deleteDnssec = { id: 'plop_dnssec', type: 'DOMAIN_DNS_SECURITY_DELETE_DNSSEC', parameters: { domain: name } };

    it('signs a zone our nameservers serve, and signs again one whose DS the registry did not publish', () => {
      given().when({ dnssec: true }).then(setDnssec);
      given({ signed: true }).when({ dnssec: true }).then(setDnssec);
      given({ dsPublished: true }).when({ dnssec: true }).then(setDnssec);
      given({ signed: true, dsPublished: true }).when({ dnssec: true }).then();
    });

    it('stops signing, and finishes a withdrawal half done', () => {
      given({ signed: true, dsPublished: true }).when({ dnssec: false }).then(deleteDnssec);
      given({ signed: true }).when({ dnssec: false }).then(deleteDnssec);
      given({ dsPublished: true }).when({ dnssec: false }).then(deleteDnssec);
      given().when({ dnssec: false }).then();
    });

    it('leaves the signing of the customer’s nameservers to them', () => {
      const theirs =
        'dnssec: the name is on your own nameservers, which sign it: give their DS records with the nameservers';
      given({ nameservers: ['ns1.example.net'], signed: true, dsPublished: true })
        .when({ dnssec: false })
        .thenThrows(theirs);
      given()
        .when({ dnssec: true, nameservers: { hosts: ['ns1.example.net'], ds: [] } })
        .thenThrows(theirs);
    });

    it('signs a zone that comes back to our nameservers in the same change, after the delegation', () =>
      given({ nameservers: ['ns1.example.net'] })
        .when({ dnssec: true, nameservers: { hosts: null, ds: [] } })
        .then(setNameservers({}), setDnssec));
  });

  describe('hosting', () => {
    const site = { type: 'REDIRECT_301' as const, targetUrl: 'https://example.org/' };

    it('hosts a name, or the apex', () => {
      given()
        .when({ hosting: { subName: 'www', ...site } })
        .then({ id: 'plop_hosting', type: 'DOMAIN_HOSTING_UPDATE', parameters: { subName: 'www', ...site } });
      given()
        .when({ hosting: { subName: '', ...site } })
        .then({ id: 'plop_hosting', type: 'DOMAIN_HOSTING_UPDATE', parameters: site });
    });

    it('stops hosting a hosted name, and refuses one that is not', () => {
      given({ hosted: ['www', ''] })
        .when({ hosting: { subName: 'www', remove: true } })
        .then({ id: 'plop_hosting', type: 'DOMAIN_HOSTING_DISABLE', parameters: { subName: 'www' } });
      given({ hosted: ['www', ''] })
        .when({ hosting: { subName: '', remove: true } })
        .then({ id: 'plop_hosting', type: 'DOMAIN_HOSTING_DISABLE', parameters: {} });
      given({ hosted: ['www'] })
        .when({ hosting: { subName: '', remove: true } })
        .thenThrows('the apex is not hosted');
      given({ hosted: [''] })
        .when({ hosting: { subName: 'www', remove: true } })
        .thenThrows('www is not hosted');
    });

    it('refuses a target that is no http(s) URL', () =>
      given()
        .when({ hosting: { subName: 'www', type: 'REVERSE_PROXY', targetUrl: 'ftp://example.org' } })
        .thenThrows('targetUrl must be an http or https URL'));

    it('refuses a name whose addresses records give, unless the same change deletes them', () => {
      const owned = [
        set(1, 'www', 'A', ['192.0.2.1']),
        set(2, 'www', 'AAAA', ['2001:db8::1']),
        set(3, 'www', 'MX', ['10 mx.example.net']),
        set(4, 'go', 'CNAME', ['target.example.net']),
        set(5, '', 'ALIAS', ['target.example.net']),
      ];
      given({ records: owned })
        .when({ hosting: { subName: 'www', ...site } })
        .thenThrows('www has A, AAAA records: hosting answers its addresses, delete them first');
      given({ records: owned })
        .when({ hosting: { subName: 'go', ...site } })
        .thenThrows('go has CNAME records: hosting answers its addresses, delete them first');
      given({ records: owned })
        .when({ hosting: { subName: '', ...site } })
        .thenThrows('the apex has ALIAS records: hosting answers its addresses, delete them first');
      given({ records: owned })
        .when({ hosting: { subName: 'www', ...site }, records: records({ delete: [owned[0].id, owned[1].id] }) })
        .then(
          { id: 'plop_d1', type: 'DNS_RECORD_DELETE', parameters: { id: owned[0].id } },
          { id: 'plop_d2', type: 'DNS_RECORD_DELETE', parameters: { id: owned[1].id } },
          { id: 'plop_hosting', type: 'DOMAIN_HOSTING_UPDATE', parameters: { subName: 'www', ...site } },
        );
    });

    it('hosts at most 20 names in a zone', () => {
      const hosted = Array.from({ length: 19 }, (_, index) => `site${index}`);
      given({ hosted })
        .when({ hosting: { subName: 'www', ...site } })
        .then({ id: 'plop_hosting', type: 'DOMAIN_HOSTING_UPDATE', parameters: { subName: 'www', ...site } });
      given({ hosted: [...hosted, 'www'] })
        .when({ hosting: { subName: 'www', ...site } })
        .then({ id: 'plop_hosting', type: 'DOMAIN_HOSTING_UPDATE', parameters: { subName: 'www', ...site } });
      given({ hosted: [...hosted, 'web'] })
        .when({ hosting: { subName: 'www', ...site } })
        .thenThrows('a zone hosts at most 20 names');
    });
  });

  describe('records', () => {
    const www = set(1, 'www', 'A', ['192.0.2.1']);
    const mx = set(2, '', 'MX', ['10 mx.example.net']);
    const txt = set(3, 'txt', 'TXT', ['x']);

    it('deletes, updates, then creates, each with its own dependency', () =>
      given({ records: [www, mx, txt] })
        .when({
          records: records({
            delete: [txt.id],
            update: [
              { id: www.id, values: ['192.0.2.2'] },
              { id: mx.id, ttl: 600 },
            ],
            create: [{ ...set(4, '', 'TXT', ['y']), upsert: 'APPEND' }],
          }),
        })
        .then(
          { id: 'plop_d1', type: 'DNS_RECORD_DELETE', parameters: { id: txt.id } },
          { id: 'plop_u1', type: 'DNS_RECORD_UPDATE', parameters: { id: www.id, values: ['192.0.2.2'] } },
          { id: 'plop_u2', type: 'DNS_RECORD_UPDATE', parameters: { id: mx.id, ttl: 600 } },
          {
            id: `plop_${uuid(4)}`,
            type: 'DNS_RECORD_CREATE',
            parameters: { type: 'TXT', values: ['y'], ttl: 300, $upsert: 'APPEND' },
          },
        ));

    it('give an update only what it changes', () =>
      expect(
        zoneDependenciesOf(
          {
            ...nothing,
            records: records({
              update: [
                { id: www.id, values: ['192.0.2.2'] },
                { id: mx.id, ttl: 600 },
              ],
            }),
          },
          { ...empty, records: [www, mx] },
        ).map(({ parameters }) => Object.keys(parameters)),
      ).toEqual([
        ['id', 'values'],
        ['id', 'ttl'],
      ]));

    it('are refused as the zone refuses them', () =>
      expectRefusal(
        () =>
          zoneDependenciesOf(
            { ...nothing, records: records({ update: [{ id: 'rr-none', ttl: 60 }] }) },
            { ...empty, records: [www] },
          ),
        Refused,
        { code: 'NOT_FOUND', message: exactly('record rr-none was not found'), context: { id: 'rr-none' } },
      ));

    it('give no addresses to a hosted name, and may to one the same change stops hosting', () => {
      const address = records({ create: [{ ...www, upsert: 'DISALLOWED' }] });
      given({ hosted: ['www'] })
        .when({ hosting: { subName: 'www', remove: true }, records: address })
        .then(
          {
            id: `plop_${uuid(1)}`,
            type: 'DNS_RECORD_CREATE',
            parameters: { subName: 'www', type: 'A', values: ['192.0.2.1'], ttl: 300, $upsert: 'DISALLOWED' },
          },
          { id: 'plop_hosting', type: 'DOMAIN_HOSTING_DISABLE', parameters: { subName: 'www' } },
        );
      given({ hosted: ['www'] })
        .when({ records: address })
        .thenThrows('records: www is hosted: the hosting answers its addresses, not a A record', [
          'www is hosted: the hosting answers its addresses, not a A record',
        ]);
    });

    it('are read back from the dependencies that make them', () => {
      const changes = records({
        delete: [txt.id],
        update: [
          { id: www.id, values: ['192.0.2.2'] },
          { id: mx.id, ttl: 600 },
        ],
        create: [
          { ...set(4, '', 'TXT', ['y']), upsert: 'APPEND' },
          { ...set(5, 'mail', 'A', ['192.0.2.9']), upsert: 'REPLACE' },
        ],
      });
      const dependencies = zoneDependenciesOf({ ...nothing, records: changes }, { ...empty, records: [www, mx, txt] });
      expect(recordChangesOf([setNameservers({}), ...dependencies])).toStrictEqual(changes);
    });
  });

  it('names a new record set’s dependency by its record’s UUID, and back', () => {
    expect(dependencyIdOfRecord(`rr-${uuid(7)}`)).toBe(`plop_${uuid(7)}`);
    expect(recordIdOfDependency(`plop_${uuid(7)}`)).toBe(`rr-${uuid(7)}`);
  });
});
