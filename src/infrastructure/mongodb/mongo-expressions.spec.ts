import { Aggregator } from 'mingo';
import { formatG, onServer } from '../../../test/support/mingo-server';
import { FindOptions } from '../../application/shared/document-store.port';
import { InMemoryDocumentStore } from '../memory/in-memory-document-store';
import { findPipeline } from './mongo-expressions';

/**
 * The MongoDB adapter's reads have PostgreSQL's meaning. No MongoDB server runs here, so its aggregation pipelines
 * are evaluated by mingo (MongoDB's query language in JavaScript, a test tool only, told how the driver stores numbers
 * and how the server writes them: `test/support/mingo-server.ts`) and compared, case by case, with the in-memory store
 * that the document store contract holds to PostgreSQL's answers.
 */
const AT = 1_764_000_000_000;
const DOCS: Record<string, unknown> = {
  a: {
    name: 'alpha.com',
    status: 'ACTIVE',
    price: 1500,
    created: '2026-01-03',
    at: AT + 3,
    records: { 'crypto.ETH.address': '0xA' },
  },
  b: {
    name: 'beta.com',
    status: 'EXPIRED',
    price: 900,
    created: '2026-01-01',
    at: AT + 1,
    records: { 'crypto.ETH.address': '0xB' },
  },
  c: { name: 'gamma.org', status: 'ACTIVE', price: 12000, created: '2026-01-03', at: AT + 2, flags: { locked: true } },
  d: { name: 'delta.com', status: 'ACTIVE', created: '2026-01-02', at: AT + 2, tags: ['x', 'y'] },
  e: { name: 'alpine.net', status: null, price: 15.5, created: '2026-01-05', at: AT - 7_200_000 },
  f: { name: '$name', status: '$status', price: 40, created: '2026-01-06' },
};

const stored = Object.entries(DOCS).map(([id, doc]) => ({ _id: `p/1/${id}`, p: 'p', g: 1, i: id, doc }));
const memory = new InMemoryDocumentStore();
for (const [id, doc] of Object.entries(DOCS)) memory.put('p', id, doc);

const onMongo = (options: FindOptions) =>
  onServer<{ id: string }>(findPipeline('p', 1, options), stored).map((found) => found.id);
const inMemory = async (options: FindOptions) => (await memory.find('p', options)).map((found) => found.id);

const CASES: [string, FindOptions][] = [
  ['every document by name', { orderBy: { path: 'name', direction: 'asc' }, limit: 10 }],
  ['by name, descending', { orderBy: { path: 'name', direction: 'desc' }, limit: 10 }],
  [
    'by price as numbers, a missing price last',
    { orderBy: { path: 'price', direction: 'asc', numeric: true }, limit: 10 },
  ],
  ['by price as text', { orderBy: { path: 'price', direction: 'asc' }, limit: 10 }],
  [
    'by price descending, a missing price still last',
    { orderBy: { path: 'price', direction: 'desc', numeric: true }, limit: 10 },
  ],
  ['by creation then name', { orderBy: { path: 'created', direction: 'desc' }, thenBy: { path: 'name' }, limit: 10 }],
  [
    'a status equal',
    { where: [{ path: 'status', op: 'eq', value: 'ACTIVE' }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  [
    'a null status',
    { where: [{ path: 'status', op: 'eq', value: null }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  [
    'a number compared as text',
    { where: [{ path: 'price', op: 'eq', value: 900 }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  [
    'a boolean compared as text',
    {
      where: [{ path: 'flags.locked', op: 'eq', value: true }],
      orderBy: { path: 'name', direction: 'asc' },
      limit: 10,
    },
  ],
  [
    'one of several',
    {
      where: [{ path: 'status', op: 'in', values: ['EXPIRED', 'GONE'] }],
      orderBy: { path: 'name', direction: 'asc' },
      limit: 10,
    },
  ],
  [
    'a prefix',
    { where: [{ path: 'name', op: 'prefix', value: 'alp' }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  [
    'a key holding dots',
    {
      where: [{ path: ['records', 'crypto.ETH.address'], op: 'eq', value: '0xB' }],
      orderBy: { path: 'name', direction: 'asc' },
      limit: 10,
    },
  ],
  [
    'an array element',
    { where: [{ path: 'tags.1', op: 'eq', value: 'y' }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  [
    'two filters together',
    {
      where: [
        { path: 'status', op: 'eq', value: 'ACTIVE' },
        { path: 'name', op: 'prefix', value: 'g' },
      ],
      orderBy: { path: 'name', direction: 'asc' },
      limit: 10,
    },
  ],
  [
    'by epoch milliseconds as numbers, apart by one',
    { orderBy: { path: 'at', direction: 'asc', numeric: true }, limit: 10 },
  ],
  [
    'an epoch millisecond equal',
    { where: [{ path: 'at', op: 'eq', value: AT + 2 }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  [
    'after an epoch millisecond cursor',
    { orderBy: { path: 'at', direction: 'desc', numeric: true }, after: { value: AT + 2, id: 'd' }, limit: 10 },
  ],
  [
    'a fraction equal',
    { where: [{ path: 'price', op: 'eq', value: 15.5 }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  [
    'a value that spells a field path, equal',
    { where: [{ path: 'name', op: 'eq', value: '$name' }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  [
    'values that spell field paths, in',
    {
      where: [{ path: 'status', op: 'in', values: ['$status', '$name'] }],
      orderBy: { path: 'name', direction: 'asc' },
      limit: 10,
    },
  ],
  [
    'a prefix that spells a field path',
    { where: [{ path: 'name', op: 'prefix', value: '$na' }], orderBy: { path: 'name', direction: 'asc' }, limit: 10 },
  ],
  ['a first page', { orderBy: { path: 'created', direction: 'asc' }, thenBy: { path: 'name' }, limit: 2 }],
  [
    'the page after a cursor',
    {
      orderBy: { path: 'created', direction: 'asc' },
      thenBy: { path: 'name' },
      after: { value: '2026-01-02', then: 'delta.com', id: 'd' },
      limit: 2,
    },
  ],
  [
    'the page after a cursor, descending',
    {
      orderBy: { path: 'created', direction: 'desc' },
      thenBy: { path: 'name' },
      after: { value: '2026-01-03', then: 'gamma.org', id: 'c' },
      limit: 10,
    },
  ],
  [
    'after a cursor inside equal sort values, by id',
    { orderBy: { path: 'created', direction: 'asc' }, after: { value: '2026-01-03', id: 'a' }, limit: 10 },
  ],
  [
    'after a numeric cursor: missing values never follow a cursor',
    { orderBy: { path: 'price', direction: 'asc', numeric: true }, after: { value: 900, id: 'b' }, limit: 10 },
  ],
];

describe('MongoDB document reads (findPipeline) against the in-memory store', () => {
  it.each(CASES)('given %s, when found, then MongoDB answers as PostgreSQL does', async (_label, options) => {
    const expected = await inMemory(options);
    expect(expected.length).toBeGreaterThan(0);
    expect(onMongo(options)).toEqual(expected);
  });

  it('given a projection and generation, when found, then no other projection’s or generation’s documents show', () => {
    const others = [
      ...stored,
      { _id: 'q/1/z', p: 'q', g: 1, i: 'z', doc: { name: 'zz' } },
      { _id: 'p/2/y', p: 'p', g: 2, i: 'y', doc: { name: 'yy' } },
    ];
    const ids = (
      new Aggregator(findPipeline('p', 1, { orderBy: { path: 'name', direction: 'asc' }, limit: 10 })).run(others) as {
        id: string;
      }[]
    ).map((found) => found.id);
    expect(ids).toEqual(['f', 'a', 'e', 'b', 'd', 'c']);
  });
});

describe('MongoDB numeric sorts of doubles the server would write short', () => {
  it('given fractions apart past six significant digits, when sorted as numbers, then their values order them', () => {
    const fractions = [
      { _id: 'p/1/x', p: 'p', g: 1, i: 'x', doc: { price: 1_234_567.891 } },
      { _id: 'p/1/y', p: 'p', g: 1, i: 'y', doc: { price: 1_234_567.5 } },
    ];
    const pipeline = findPipeline('p', 1, { orderBy: { path: 'price', direction: 'asc', numeric: true }, limit: 10 });
    expect(onServer<{ id: string }>(pipeline, fractions).map((found) => found.id)).toEqual(['y', 'x']);
  });
});

describe('the test tool’s server-written doubles (formatG)', () => {
  it('given doubles, when written as the server writes them, then six significant digits show, as C’s %g', () => {
    expect(formatG(AT + 3)).toBe('1.764e+12');
    expect(formatG(1_712_345_678_901)).toBe('1.71235e+12');
    expect(formatG(1_234_567)).toBe('1.23457e+06');
    expect(formatG(123_456.7)).toBe('123457');
    expect(formatG(15.5)).toBe('15.5');
    expect(formatG(100)).toBe('100');
    expect(formatG(0.0001)).toBe('0.0001');
    expect(formatG(0.00001)).toBe('1e-05');
  });
});
