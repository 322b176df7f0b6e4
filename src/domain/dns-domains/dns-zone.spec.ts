import { deciderSpec } from '../../../test/support/decider-spec';
import { fold } from '../shared/decider';
import { IllegalTransition, Refused } from '../shared/errors';
import { DNS_ZONE_EVENT_TYPES, DnsZoneCommand, DnsZoneEvent, dnsZoneDecider } from './dns-zone';
import { RecordChanges, RecordSet } from './zone-records';

// Equivalent mutants:
// - dns-zone.ts hostingAfter, DnsHostingCertificateIssued: `site.setBy === event.data.operationId` → `true`: a name is
//   hosted once (a new setting replaces it), and the decider records a certificate only for its current setting.
// - dns-zone.ts OpenDnsZone: `zone.status === 'OPEN'` → `true`: a zone that is not open has no `openedBy` to match.

const given = deciderSpec(dnsZoneDecider);
const name = 'zone.com';
const at = Date.UTC(2026, 10, 23);
const openedData = (operationId: string) => ({ name, operationId, accountId: 'acc-1', nameservers: null, at });
const opened = (operationId = 'op-reg'): DnsZoneEvent => ({ type: 'DnsZoneOpened', data: openedData(operationId) });
const open = (operationId: string) => ({ type: 'OpenDnsZone' as const, data: openedData(operationId) });
const www: RecordSet = { id: 'rr-www', subName: 'www', type: 'A', values: ['192.0.2.1'], ttl: 300 };
const changed = (operationId: string, put: RecordSet[], removed: string[] = []): DnsZoneEvent => ({
  type: 'DnsRecordsChanged',
  data: { name, operationId, put, removed, at },
});
const change = (operationId: string, changes: Partial<RecordChanges>) => ({
  type: 'ChangeDnsRecords' as const,
  data: { name, operationId, changes: { create: [], update: [], delete: [], ...changes }, at },
});

const key = { publicKey: 'pk', sealedPrivateKey: 'sk', keyTag: 1, createdAt: at };
const site = { type: 'REDIRECT_302' as const, targetUrl: 'https://example.org' };
const certificate = { certificatePem: 'pem', sealedPrivateKey: 'sealed', expiresAt: at + 1 };

describe('the zone of a name', () => {
  it('writes an operation’s record changes in one event, and nothing when its job runs again', () => {
    given(opened())
      .when(
        change('op-1', {
          create: [
            { ...www, upsert: 'DISALLOWED' },
            { id: 'rr-mx', subName: '', type: 'MX', values: ['10 mx.example.net'], ttl: 300, upsert: 'DISALLOWED' },
          ],
        }),
      )
      .then(changed('op-1', [www, { id: 'rr-mx', subName: '', type: 'MX', values: ['10 mx.example.net'], ttl: 300 }]));
    given(opened(), changed('op-1', [www]))
      .when(change('op-1', { delete: ['rr-www'] }))
      .thenNothing();
  });

  it('replaces or appends to the set of a name and type, keeping its id, or refuses a second one', () => {
    const again = { ...www, id: 'rr-new', values: ['192.0.2.2'], ttl: 60 };
    given(opened(), changed('op-1', [www]))
      .when(change('op-2', { create: [{ ...again, upsert: 'APPEND' }] }))
      .then(changed('op-2', [{ ...www, values: ['192.0.2.1', '192.0.2.2'], ttl: 60 }]));
    given(opened(), changed('op-1', [www]))
      .when(change('op-2', { create: [{ ...again, upsert: 'REPLACE' }] }))
      .then(changed('op-2', [{ ...www, values: ['192.0.2.2'], ttl: 60 }]));
    given(opened(), changed('op-1', [www]))
      .when(change('op-2', { create: [{ ...again, upsert: 'DISALLOWED' }] }))
      .thenThrows(Refused, { code: 'RECORD_EXISTS' });
  });

  it('refuses the whole change when one part breaks a rule, and ids it does not hold', () => {
    given(opened(), changed('op-1', [www]))
      .when(
        change('op-2', {
          delete: ['rr-www'],
          create: [
            { id: 'rr-c', subName: 'www', type: 'CNAME', values: ['a.example.net'], ttl: 300, upsert: 'DISALLOWED' },
            { id: 'rr-t', subName: 'www', type: 'TXT', values: ['x'], ttl: 300, upsert: 'DISALLOWED' },
          ],
        }),
      )
      .thenThrows(Refused, { code: 'VALIDATION', message: /CNAME stands alone/ });
    given(opened())
      .when(change('op-2', { delete: ['rr-none'] }))
      .thenThrows(Refused, { code: 'NOT_FOUND' });
  });

  it('keeps hosted names’ addresses the hosting’s', () => {
    const hosted: DnsZoneEvent = {
      type: 'DnsHostingSet',
      data: { name, operationId: 'op-h', subName: 'www', type: 'REDIRECT_301', targetUrl: 'https://example.org', at },
    };
    given(opened(), hosted)
      .when(change('op-2', { create: [{ ...www, upsert: 'DISALLOWED' }] }))
      .thenThrows(Refused, { message: /www is hosted/ });
  });

  it('records a certificate only for the hosting setting it was asked for', () => {
    const set = (operationId: string): DnsZoneEvent => ({
      type: 'DnsHostingSet',
      data: { name, operationId, subName: 'go', type: 'REDIRECT_302', targetUrl: 'https://example.org', at },
    });
    const certificate = { certificatePem: 'pem', sealedPrivateKey: 'sealed', expiresAt: at + 1 };
    const record = (operationId: string) => ({
      type: 'RecordHostingCertificate' as const,
      data: { name, operationId, subName: 'go', certificate, at },
    });
    given(opened(), set('op-1'), set('op-2')).when(record('op-1')).thenNothing();
    given(opened(), set('op-1'))
      .when(record('op-1'))
      .thenState({ hosting: [{ subName: 'go', certificate }] });
  });

  it('opens anew, empty, for a registration of its own, and signs with the key it has', () => {
    given(opened('op-reg'), changed('op-1', [www]))
      .when(open('op-reg'))
      .thenNothing();
    given(opened('op-reg'), changed('op-1', [www]))
      .when(open('op-again'))
      .thenState({ records: [], openedBy: 'op-again' });
    const key = { publicKey: 'pk', sealedPrivateKey: 'sk', keyTag: 1, createdAt: at };
    const signed: DnsZoneEvent = { type: 'DnsZoneSigningSet', data: { name, operationId: 'op-s', key, at } };
    given(opened(), signed)
      .when({ type: 'SetDnsZoneSigning', data: { name, operationId: 'op-s', key: { ...key, keyTag: 2 }, at } })
      .thenNothing();
  });

  it('retires its key when DNSSEC is turned off, and keeps it if DNSSEC comes back meanwhile', () => {
    const key = { publicKey: 'pk', sealedPrivateKey: 'sk', keyTag: 1, createdAt: at };
    const signed: DnsZoneEvent = { type: 'DnsZoneSigningSet', data: { name, operationId: 'op-s', key, at } };
    const retire = {
      type: 'SetDnsZoneSigning' as const,
      data: { name, operationId: 'op-d', key: null, retireAt: at + 5, at },
    };
    given(opened(), signed)
      .when(retire)
      .thenState({ signing: { ...key, retiresAt: at + 5 } });
    given(opened(), signed)
      .when({ ...retire, data: { ...retire.data, retireAt: at } })
      .thenState({ signing: null });
    const retiring: DnsZoneEvent = {
      type: 'DnsZoneSigningSet',
      data: { name, operationId: 'op-d', key: { ...key, retiresAt: at + 5 }, at },
    };
    given(opened(), signed, retiring)
      .when({ type: 'SetDnsZoneSigning', data: { name, operationId: 'op-e', key: { ...key, keyTag: 9 }, at } })
      .then({ type: 'DnsZoneSigningSet', data: { name, operationId: 'op-e', key, at } });
    given(opened(), signed, retiring).when(retire).thenNothing();
  });

  it('opens a zone on the nameservers a name transferred in came with', () =>
    given()
      .when({ type: 'OpenDnsZone', data: { ...openedData('op-t'), nameservers: ['ns1.example.net'] } })
      .thenState({
        status: 'OPEN',
        accountId: 'acc-1',
        openedBy: 'op-t',
        records: [],
        nameservers: ['ns1.example.net'],
        ds: [],
        resolution: true,
        signing: null,
        hosting: [],
        applied: [],
      }));

  it('refuses changes to a zone that is not open', () => {
    given()
      .when(change('op-1', {}))
      .thenThrows(IllegalTransition, { code: 'ILLEGAL_TRANSITION', message: /^the zone of zone\.com is not open$/ });
    const commands: DnsZoneCommand[] = [
      { type: 'SetDnsNameservers', data: { name, operationId: 'op-1', hosts: null, ds: [], at } },
      { type: 'SetDnsZoneSigning', data: { name, operationId: 'op-1', key: null, at } },
      { type: 'SetDnsHosting', data: { name, operationId: 'op-1', subName: 'www', ...site, at } },
      { type: 'RemoveDnsHosting', data: { name, operationId: 'op-1', subName: 'www', at } },
      { type: 'RecordHostingCertificate', data: { name, operationId: 'op-1', subName: 'www', certificate, at } },
    ];
    for (const command of commands)
      given()
        .when(command)
        .thenThrows(IllegalTransition, /zone of zone\.com/);
  });

  it('ignores what is told of a zone that was never opened', () => {
    const told: DnsZoneEvent[] = [
      changed('op-1', [www]),
      { type: 'DnsNameserversSet', data: { name, operationId: 'op-1', hosts: ['ns1.example.net'], ds: [], at } },
      { type: 'DnsResolutionSet', data: { name, operationId: 'op-1', enabled: false, at } },
      { type: 'DnsZoneSigningSet', data: { name, operationId: 'op-1', key, at } },
      { type: 'DnsHostingSet', data: { name, operationId: 'op-1', subName: 'www', ...site, at } },
    ];
    for (const event of told) expect(fold(dnsZoneDecider, [event])).toEqual({ status: 'NONE' });
  });

  it('writes only the sets a change makes or changes, and names those it removes', () => {
    const mx: RecordSet = { id: 'rr-mx', subName: '', type: 'MX', values: ['10 mx.example.net'], ttl: 300 };
    const txt: RecordSet = { id: 'rr-txt', subName: 'txt', type: 'TXT', values: ['x'], ttl: 300 };
    given(opened(), changed('op-1', [www, mx, txt]))
      .when(change('op-2', { delete: ['rr-txt'], update: [{ id: 'rr-www', ttl: 60 }, { id: 'rr-mx' }] }))
      .then(changed('op-2', [{ ...www, ttl: 60 }], ['rr-txt']));
    given(opened(), changed('op-1', [www, mx, txt]), changed('op-2', [{ ...www, ttl: 60 }], ['rr-txt'])).thenState({
      records: [mx, { ...www, ttl: 60 }],
    });
  });

  it('remembers the last 16 operations whose records it changed', () => {
    const ops = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, n) => changed(`op-${from + n}`, []));
    const again = change('op-1', { create: [{ ...www, upsert: 'DISALLOWED' }] });
    given(opened(), ...ops(1, 16))
      .when(again)
      .thenNothing();
    given(opened(), ...ops(1, 17))
      .when(again)
      .then(changed('op-1', [www]));
  });

  it('sets the customer’s nameservers and DS records, or ours again, once', () => {
    const ds = [{ keyTag: 1, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }];
    const set = (hosts: string[] | null, records = ds) => ({
      type: 'SetDnsNameservers' as const,
      data: { name, operationId: 'op-n', hosts, ds: records, at },
    });
    const theirs: DnsZoneEvent = { type: 'DnsNameserversSet', data: set(['ns1.example.net']).data };
    given(opened())
      .when(set(['ns1.example.net']))
      .then(theirs);
    given(opened(), theirs).thenState({ nameservers: ['ns1.example.net'], ds });
    given(opened(), theirs)
      .when(set(['ns1.example.net']))
      .thenNothing();
    given(opened(), theirs)
      .when(set(['ns2.example.net']))
      .then({ type: 'DnsNameserversSet', data: set(['ns2.example.net']).data });
    given(opened(), theirs)
      .when(set(['ns1.example.net'], []))
      .then({ type: 'DnsNameserversSet', data: set(['ns1.example.net'], []).data });
    given(opened(), theirs)
      .when(set(null, []))
      .then({ type: 'DnsNameserversSet', data: set(null, []).data });
    given(opened()).when(set(null, [])).thenNothing();
    given(opened())
      .when(set([], []))
      .then({ type: 'DnsNameserversSet', data: set([], []).data });
  });

  it('stops and starts resolving once, and leaves a name without a zone alone', () => {
    const resolve = (enabled: boolean) => ({
      type: 'SetDnsResolution' as const,
      data: { name, operationId: 'op-r', enabled, at },
    });
    given(opened()).when(resolve(true)).thenNothing();
    given(opened())
      .when(resolve(false))
      .then({ type: 'DnsResolutionSet', data: resolve(false).data });
    given(opened(), { type: 'DnsResolutionSet', data: resolve(false).data }).thenState({ resolution: false });
    given().when(resolve(false)).thenNothing();
  });

  it('signs an unsigned zone with the key it is given', () => {
    given(opened())
      .when({ type: 'SetDnsZoneSigning', data: { name, operationId: 'op-s', key, at } })
      .then({ type: 'DnsZoneSigningSet', data: { name, operationId: 'op-s', key, at } });
    given(opened(), { type: 'DnsZoneSigningSet', data: { name, operationId: 'op-s', key, at } }).thenState({
      signing: key,
    });
  });

  it('has nothing to retire in an unsigned zone', () =>
    given(opened())
      .when({ type: 'SetDnsZoneSigning', data: { name, operationId: 'op-d', key: null, retireAt: at + 5, at } })
      .thenNothing());

  it('hosts a name once per setting, and a new setting replaces the old with its certificate to come', () => {
    const set = (operationId: string, targetUrl = site.targetUrl) => ({
      type: 'SetDnsHosting' as const,
      data: { name, operationId, subName: 'go', ...site, targetUrl, at },
    });
    const hosted = (operationId: string, targetUrl = site.targetUrl): DnsZoneEvent => ({
      type: 'DnsHostingSet',
      data: set(operationId, targetUrl).data,
    });
    const issued: DnsZoneEvent = {
      type: 'DnsHostingCertificateIssued',
      data: { name, operationId: 'op-1', subName: 'go', certificate, at },
    };
    given(opened()).when(set('op-1')).then(hosted('op-1'));
    given(opened(), hosted('op-1')).when(set('op-1')).thenNothing();
    given(opened(), hosted('op-1'), issued)
      .when(set('op-2', 'https://example.net'))
      .then(hosted('op-2', 'https://example.net'));
    given(opened(), hosted('op-1'), issued, hosted('op-2', 'https://example.net')).thenState({
      hosting: [
        { subName: 'go', type: 'REDIRECT_302', targetUrl: 'https://example.net', setBy: 'op-2', certificate: null },
      ],
    });
  });

  it('sets nothing again when the job of a later hosting runs again', () => {
    const hosted = (operationId: string, subName: string): DnsZoneEvent => ({
      type: 'DnsHostingSet',
      data: { name, operationId, subName, ...site, at },
    });
    given(opened(), hosted('op-1', 'go'), hosted('op-2', 'www'))
      .when({ type: 'SetDnsHosting', data: { name, operationId: 'op-2', subName: 'www', ...site, at } })
      .thenNothing();
  });

  it('removes a hosted name, and only a hosted one', () => {
    const hosted = (subName: string): DnsZoneEvent => ({
      type: 'DnsHostingSet',
      data: { name, operationId: 'op-1', subName, ...site, at },
    });
    const remove = { type: 'RemoveDnsHosting' as const, data: { name, operationId: 'op-2', subName: 'go', at } };
    given(opened(), hosted('go'), hosted('www')).when(remove).then({ type: 'DnsHostingRemoved', data: remove.data });
    given(opened(), hosted('go'), hosted('www'), { type: 'DnsHostingRemoved', data: remove.data }).thenState({
      hosting: [{ subName: 'www' }],
    });
    given(opened(), hosted('www')).when(remove).thenNothing();
  });

  it('records a certificate once, for its own name', () => {
    const hosted = (subName: string): DnsZoneEvent => ({
      type: 'DnsHostingSet',
      data: { name, operationId: 'op-1', subName, ...site, at },
    });
    const record = {
      type: 'RecordHostingCertificate' as const,
      data: { name, operationId: 'op-1', subName: 'go', certificate, at },
    };
    const issued: DnsZoneEvent = { type: 'DnsHostingCertificateIssued', data: record.data };
    given(opened(), hosted('go')).when(record).then(issued);
    given(opened(), hosted('go'), issued).when(record).thenNothing();
    given(opened(), hosted('www')).when(record).thenNothing();
    given(opened(), hosted('go'), hosted('www'), issued).thenState({
      hosting: [
        { subName: 'go', certificate },
        { subName: 'www', certificate: null },
      ],
    });
  });

  it('fails loudly on a command or an event of a newer version', () => {
    given(opened())
      .when({ type: 'MoveDnsZone', data: {} } as never)
      .thenThrows(Error, /unexpected value/);
    expect(() => fold(dnsZoneDecider, [opened(), { type: 'DnsZoneMoved', data: {} } as never])).toThrow(
      /unexpected value/,
    );
  });

  it('tells its subscribers about every event it records', () => {
    const decided = (history: DnsZoneEvent[], command: DnsZoneCommand) =>
      dnsZoneDecider.decide(command, fold(dnsZoneDecider, history));
    const data = { name, operationId: 'op-1', at };
    const hosting = { ...data, subName: 'www', ...site };
    const hosted: DnsZoneEvent = { type: 'DnsHostingSet', data: hosting };
    const recorded = new Set(
      [
        ...decided([], open('op-reg')),
        ...decided([opened()], change('op-1', { create: [{ ...www, upsert: 'DISALLOWED' }] })),
        ...decided([opened()], { type: 'SetDnsNameservers', data: { ...data, hosts: ['ns1.example.net'], ds: [] } }),
        ...decided([opened()], { type: 'SetDnsResolution', data: { ...data, enabled: false } }),
        ...decided([opened()], { type: 'SetDnsZoneSigning', data: { ...data, key } }),
        ...decided([opened()], { type: 'SetDnsHosting', data: hosting }),
        ...decided([opened(), hosted], { type: 'RemoveDnsHosting', data: { ...data, subName: 'www' } }),
        ...decided([opened(), hosted], {
          type: 'RecordHostingCertificate',
          data: { ...data, subName: 'www', certificate },
        }),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(DNS_ZONE_EVENT_TYPES.length);
    expect(new Set(DNS_ZONE_EVENT_TYPES)).toEqual(recorded);
  });
});
