import { deciderSpec } from '../../../test/support/decider-spec';
import { Refused } from '../shared/errors';
import { DnsZoneEvent, dnsZoneDecider } from './dns-zone';
import { RecordChanges, RecordSet } from './zone-records';

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
});
