import { Aggregator } from 'mingo';
import { FindOptions } from '../../application/shared/document-store.port';
import { InMemoryDocumentStore } from '../memory/in-memory-document-store';
import { findPipeline } from './mongo-expressions';

/**
 * The MongoDB adapter's reads have PostgreSQL's meaning. No MongoDB server runs here, so its aggregation pipelines
 * are evaluated by mingo (MongoDB's query language in JavaScript, a test tool only) and compared, case by case, with
 * the in-memory store that the document store contract holds to PostgreSQL's answers.
 */
const DOCS: Record<string, unknown> = {
  a: {
    name: 'alpha.com',
    status: 'ACTIVE',
    price: 1500,
    created: '2026-01-03',
    records: { 'crypto.ETH.address': '0xA' },
  },
  b: {
    name: 'beta.com',
    status: 'EXPIRED',
    price: 900,
    created: '2026-01-01',
    records: { 'crypto.ETH.address': '0xB' },
  },
  c: { name: 'gamma.org', status: 'ACTIVE', price: 12000, created: '2026-01-03', flags: { locked: true } },
  d: { name: 'delta.com', status: 'ACTIVE', created: '2026-01-02', tags: ['x', 'y'] },
  e: { name: 'alpine.net', status: null, price: 15, created: '2026-01-05' },
};

const stored = Object.entries(DOCS).map(([id, doc]) => ({ _id: `p/1/${id}`, p: 'p', g: 1, i: id, doc }));
const memory = new InMemoryDocumentStore();
for (const [id, doc] of Object.entries(DOCS)) memory.put('p', id, doc);

const onMongo = (options: FindOptions) =>
  (new Aggregator(findPipeline('p', 1, options)).run(stored) as { id: string }[]).map((found) => found.id);
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
    expect(ids).toEqual(['a', 'e', 'b', 'd', 'c']);
  });
});
