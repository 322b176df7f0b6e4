import { expectRefusal, exactly } from '../../../test/support/decision-spec';
import { Refused } from '../shared/errors';
import {
  applyRecordChanges,
  RecordChanges,
  RecordSet,
  subNameOf,
  valueProblemsOf,
  zoneProblemsOf,
} from './zone-records';

// Equivalent mutant: applyRecordChanges's `hosted = []` → `["Stryker was here"]`: no record set's sub name has spaces.

const set = (id: string, subName: string, type: RecordSet['type'], values: string[], ttl = 300): RecordSet => ({
  id,
  subName,
  type,
  values,
  ttl,
});
const changes = (asked: Partial<RecordChanges>): RecordChanges => ({ create: [], update: [], delete: [], ...asked });

describe('sub names', () => {
  it.each([
    [undefined, ''],
    ['', ''],
    ['@', ''],
    ['  WWW. ', 'www'],
    ['_sip._tcp', '_sip._tcp'],
    ['*.shop', '*.shop'],
    ['*', '*'],
    ['a-b.c_d', 'a-b.c_d'],
    ['a'.repeat(63), 'a'.repeat(63)],
  ])('read %j as %j', (text, subName) => expect(subNameOf(text, 'zone.com')).toBe(subName));

  it.each([['shop.*'], ['-www'], ['www-'], ['a..b'], ['a b'], ['ü'], ['a'.repeat(64)], ['x.-www'], ['x.www-']])(
    'refuse %j',
    (text) => expect(subNameOf(text, 'zone.com')).toBeUndefined(),
  );

  it('keep the whole name within 253 characters', () => {
    const label = 'a'.repeat(63);
    const fits = [label, label, label, 'a'.repeat(244 - 3 * 64)].join('.');
    expect(`${fits}.zone.com`).toHaveLength(253);
    expect(subNameOf(fits, 'zone.com')).toBe(fits);
    expect(subNameOf(`${fits}a`, 'zone.com')).toBeUndefined();
  });
});

describe('the values of a set', () => {
  it('are each read by their type, and named by their place when refused', () => {
    expect(valueProblemsOf('A', ['192.0.2.1', '192.0.2.2'])).toEqual([]);
    expect(valueProblemsOf('A', ['192.0.2.1', 'nope', '2001:db8::1'])).toEqual([
      'values[1] must be an IPv4 address',
      'values[2] must be an IPv4 address',
    ]);
  });

  it('never repeat the same data, however it is written', () => {
    expect(valueProblemsOf('MX', ['10 mx.a.com', '10 MX.a.com.'])).toEqual(['values must not repeat']);
    expect(valueProblemsOf('AAAA', ['2001:db8::1', '2001:DB8::1'])).toEqual(['values must not repeat']);
    expect(valueProblemsOf('MX', ['10 mx.a.com', '20 mx.a.com'])).toEqual([]);
    expect(valueProblemsOf('A', ['nope', 'nope'])).toEqual([
      'values[0] must be an IPv4 address',
      'values[1] must be an IPv4 address',
      'values must not repeat',
    ]);
  });

  it('are at most 100, and 16,000 bytes', () => {
    const addresses = (count: number) => Array.from({ length: count }, (_, n) => `10.0.${n >> 8}.${n & 255}`);
    expect(valueProblemsOf('A', addresses(100))).toEqual([]);
    expect(valueProblemsOf('A', addresses(101))).toEqual(['a set holds at most 100 values']);
    const texts = (last: number) => ['a'.repeat(8000), 'b'.repeat(last)];
    expect(valueProblemsOf('TXT', texts(8000))).toEqual([]);
    expect(valueProblemsOf('TXT', texts(8001))).toEqual(['a set holds at most 16000 bytes of values']);
    expect(valueProblemsOf('TXT', ['ü'.repeat(4000), 'ü'.repeat(4001)])).toEqual([
      'a set holds at most 16000 bytes of values',
    ]);
  });

  it('name one target for a CNAME or an ALIAS', () => {
    expect(valueProblemsOf('CNAME', ['a.example.net'])).toEqual([]);
    expect(valueProblemsOf('CNAME', ['a.example.net', 'b.example.net'])).toEqual(['a CNAME has one target']);
    expect(valueProblemsOf('ALIAS', ['a.example.net', 'b.example.net'])).toEqual(['a ALIAS has one target']);
    expect(valueProblemsOf('NS', ['a.example.net', 'b.example.net'])).toEqual([]);
  });
});

describe('the sets of a zone', () => {
  it('stand together when each name has one set of a type', () =>
    expect(
      zoneProblemsOf([
        set('1', '', 'A', ['192.0.2.1']),
        set('2', '', 'MX', ['10 mx.example.net']),
        set('3', 'www', 'CNAME', ['example.net']),
        set('4', 'sub', 'NS', ['ns.example.net']),
        set('5', 'sub', 'DS', [`1 13 2 ${'ab'.repeat(32)}`]),
        set('6', 'cdn', 'ALIAS', ['cdn.example.net']),
        set('7', 'cdn', 'TXT', ['x']),
      ]),
    ).toEqual([]));

  it('refuse two sets of one type at a name', () =>
    expect(zoneProblemsOf([set('1', 'www', 'A', ['192.0.2.1']), set('2', 'www', 'A', ['192.0.2.2'])])).toEqual([
      'www has two record sets of one type',
    ]));

  it('keep a CNAME alone, and off the apex', () => {
    expect(zoneProblemsOf([set('1', 'www', 'CNAME', ['a.example.net']), set('2', 'www', 'TXT', ['x'])])).toEqual([
      'a CNAME stands alone: www has others',
    ]);
    expect(zoneProblemsOf([set('1', '', 'CNAME', ['a.example.net'])])).toEqual(['a CNAME cannot be at the apex']);
    expect(zoneProblemsOf([set('1', '', 'CNAME', ['a.example.net']), set('2', '', 'TXT', ['x'])])).toEqual([
      'a CNAME cannot be at the apex',
    ]);
  });

  it('leave the apex’s nameservers and DS records to the delegation, and want nameservers below a DS', () => {
    const apex = 'nameservers and DS records of the apex are set through /dns/nameservers';
    expect(zoneProblemsOf([set('1', '', 'NS', ['ns.example.net'])])).toEqual([apex]);
    expect(zoneProblemsOf([set('1', '', 'DS', [`1 13 2 ${'ab'.repeat(32)}`])])).toEqual([
      apex,
      'a DS record needs nameservers at the apex',
    ]);
    expect(zoneProblemsOf([set('1', 'sub', 'DS', [`1 13 2 ${'ab'.repeat(32)}`])])).toEqual([
      'a DS record needs nameservers at sub',
    ]);
  });

  it('keep addresses from a name with an ALIAS', () => {
    const problem = (at: string) =>
      `an ALIAS stands in for the addresses of ${at}: it cannot have A or AAAA records too`;
    expect(zoneProblemsOf([set('1', '', 'ALIAS', ['a.example.net']), set('2', '', 'A', ['192.0.2.1'])])).toEqual([
      problem('the apex'),
    ]);
    expect(zoneProblemsOf([set('1', 'x', 'ALIAS', ['a.example.net']), set('2', 'x', 'AAAA', ['::1'])])).toEqual([
      problem('x'),
    ]);
  });

  it('are at most 1000', () => {
    const sets = (count: number) => Array.from({ length: count }, (_, n) => set(`${n}`, `n${n}`, 'TXT', ['x']));
    expect(zoneProblemsOf(sets(1000))).toEqual([]);
    expect(zoneProblemsOf(sets(1001))).toEqual(['a zone holds at most 1000 record sets']);
  });
});

describe('changing the records of a zone', () => {
  const www = set('rr-www', 'www', 'A', ['192.0.2.1']);
  const mx = set('rr-mx', '', 'MX', ['10 mx.example.net']);

  it('deletes, updates and creates, each creation with its id', () =>
    expect(
      applyRecordChanges(
        [www, mx],
        changes({
          delete: ['rr-mx'],
          update: [{ id: 'rr-www', ttl: 60 }],
          create: [{ ...set('rr-txt', '', 'TXT', ['x']), upsert: 'DISALLOWED' }],
        }),
      ),
    ).toEqual({ records: [{ ...www, ttl: 60 }, set('rr-txt', '', 'TXT', ['x'])], createdIds: ['rr-txt'] }));

  it('keeps what an update leaves out', () => {
    expect(applyRecordChanges([www], changes({ update: [{ id: 'rr-www', values: ['192.0.2.9'] }] })).records).toEqual([
      { ...www, values: ['192.0.2.9'] },
    ]);
    expect(applyRecordChanges([www], changes({ update: [{ id: 'rr-www' }] })).records).toEqual([www]);
  });

  it('merges a creation into the set of its name and type, which keeps its id', () => {
    const again = { ...set('rr-new', 'www', 'A', ['192.0.2.2', '192.0.2.1'], 60) };
    expect(applyRecordChanges([www], changes({ create: [{ ...again, upsert: 'APPEND' }] }))).toEqual({
      records: [{ ...www, values: ['192.0.2.1', '192.0.2.2'], ttl: 60 }],
      createdIds: ['rr-www'],
    });
    expect(applyRecordChanges([www], changes({ create: [{ ...again, upsert: 'REPLACE' }] }))).toEqual({
      records: [{ ...www, values: ['192.0.2.2', '192.0.2.1'], ttl: 60 }],
      createdIds: ['rr-www'],
    });
    expect(
      applyRecordChanges(
        [mx],
        changes({ create: [{ ...set('rr-mx2', '', 'MX', ['10 MX.example.net.']), upsert: 'APPEND' }] }),
      ).records,
    ).toEqual([mx]);
  });

  it('refuses a second set of a name and type where creation disallows it', () =>
    expectRefusal(
      () =>
        applyRecordChanges(
          [www],
          changes({ create: [{ ...set('rr-new', 'www', 'A', ['192.0.2.2']), upsert: 'DISALLOWED' }] }),
        ),
      Refused,
      { code: 'RECORD_EXISTS', message: exactly('www already has A records (record rr-www)'), context: {} },
    ));

  it('creates a set of another type, or at another name, beside the ones there', () =>
    expect(
      applyRecordChanges(
        [www],
        changes({
          create: [
            { ...set('rr-aaaa', 'www', 'AAAA', ['::1']), upsert: 'DISALLOWED' },
            { ...set('rr-api', 'api', 'A', ['192.0.2.1']), upsert: 'DISALLOWED' },
          ],
        }),
      ).createdIds,
    ).toEqual(['rr-aaaa', 'rr-api']));

  it('refuses ids the zone does not hold, and an update of a set the same change deletes', () => {
    for (const asked of [changes({ delete: ['rr-none'] }), changes({ update: [{ id: 'rr-none', ttl: 60 }] })]) {
      expectRefusal(() => applyRecordChanges([www], asked), Refused, {
        code: 'NOT_FOUND',
        message: exactly('record rr-none was not found'),
        context: { id: 'rr-none' },
      });
    }
    expectRefusal(
      () => applyRecordChanges([www], changes({ delete: ['rr-www'], update: [{ id: 'rr-www', ttl: 60 }] })),
      Refused,
      { code: 'VALIDATION', message: exactly('record rr-www is deleted by the same change'), context: {} },
    );
  });

  it('refuses a zone whose sets are wrong, or cannot stand together, naming every problem', () => {
    const problems = ['A values[0] must be an IPv4 address', 'a CNAME stands alone: www has others'];
    expectRefusal(
      () =>
        applyRecordChanges(
          [www],
          changes({
            update: [{ id: 'rr-www', values: ['nope'] }],
            create: [{ ...set('rr-c', 'www', 'CNAME', ['a.example.net']), upsert: 'DISALLOWED' }],
          }),
        ),
      Refused,
      { code: 'VALIDATION', message: exactly(`records: ${problems.join('; ')}`), context: { problems } },
    );
  });

  it('leaves the addresses of a hosted name to its hosting', () => {
    const hosted = ['www', 'go', ''];
    const problem = (at: string, type: string) =>
      `${at} is hosted: the hosting answers its addresses, not a ${type} record`;
    const problems = [
      problem('www', 'A'),
      problem('go', 'CNAME'),
      problem('the apex', 'ALIAS'),
      problem('www', 'AAAA'),
    ];
    expectRefusal(
      () =>
        applyRecordChanges(
          [www],
          changes({
            create: [
              { ...set('rr-go', 'go', 'CNAME', ['a.example.net']), upsert: 'DISALLOWED' },
              { ...set('rr-apex', '', 'ALIAS', ['a.example.net']), upsert: 'DISALLOWED' },
              { ...set('rr-6', 'www', 'AAAA', ['::1']), upsert: 'DISALLOWED' },
              { ...set('rr-mx', 'www', 'MX', ['10 mx.example.net']), upsert: 'DISALLOWED' },
              { ...set('rr-api', 'api', 'A', ['192.0.2.1']), upsert: 'DISALLOWED' },
            ],
          }),
          hosted,
        ),
      Refused,
      { code: 'VALIDATION', message: exactly(`records: ${problems.join('; ')}`), context: { problems } },
    );
    expect(applyRecordChanges([www], changes({})).records).toEqual([www]);
  });
});
