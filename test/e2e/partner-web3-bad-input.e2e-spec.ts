import { randomBytes, randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';
import { startTestChains } from '../support/test-chains';
import { newWeb3Partner, Reply, Web3Partner } from '../support/web3-partner';

/**
 * Surface C refuses malformed input on every route with a 400 in its own error body, each case with the one code it
 * must get (`VALIDATION` unless it says otherwise), never a 500 and never after acting: a fresh partner sends the
 * whole table, and afterwards has no operation, no charge, no wallet and no webhook.
 */
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface BadRequest {
  readonly method: Method;
  readonly path: string;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** Sent as is, with `content-type: application/json`. */
  readonly raw?: string;
  /** The code it must be refused with; `VALIDATION` unless given. */
  readonly code?: 'EXCEEDS_LIMIT' | 'MULTIPLE_ERRORS' | 'BAD_REQUEST';
}

const NAME = `p${randomBytes(5).toString('hex')}.crypto`;
const ADDRESS = `0x${randomBytes(20).toString('hex')}`;
const ZERO = `0x${'0'.repeat(40)}`;
const NO_PREFIX = randomBytes(20).toString('hex');
const NOT_HEX = `0x${'g'.repeat(40)}`;
const SHORT = '0x1234';
const OP = `op-${randomUUID()}`;
const DEP = `bc-${randomUUID()}`;
const WH = `wh-${randomUUID()}`;
const SIGNATURE = `0x${'ab'.repeat(65)}`;
const LABEL_64 = 'a'.repeat(64);
const HOOK = 'https://example.com/hook';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const NOT_BASE64 = '%25%25%25';
const NOT_JSON = Buffer.from('hello', 'utf8').toString('base64url');
const HUGE = 'A'.repeat(5000);
const many = (parameter: string, count: number, value: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => `${parameter}=${value(index)}`).join('&');
const recordKeys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`crypto.TOKEN${index}.address`, 'x']));
const enc = encodeURIComponent;

const get = (path: string): BadRequest => ({ method: 'GET', path });
const send = (method: Method, path: string, body: unknown): BadRequest => ({ method, path, body });
const raw = (method: Method, path: string, text: string): BadRequest => ({ method, path, raw: text });
/** Too many values of a list: a limit of size, not a malformed request. */
const overLimit = (bad: BadRequest): BadRequest => ({ ...bad, code: 'EXCEEDS_LIMIT' });
/** Two problems at once. */
const twoProblems = (bad: BadRequest): BadRequest => ({ ...bad, code: 'MULTIPLE_ERRORS' });

const cases: [string, BadRequest][] = [
  // GET /domains
  ['GET /domains without query', get('/domains')],
  ['GET /domains with an empty query', get('/domains?query=')],
  ['GET /domains with 51 query values', overLimit(get(`/domains?${many('query', 51, (i) => `a${i}`)}`))],
  ['GET /domains with a 301-character query', get(`/domains?query=${'a'.repeat(301)}`)],
  ['GET /domains with a label starting with a hyphen', get('/domains?query=-a')],
  ['GET /domains with a doubled dot', get('/domains?query=a..crypto')],
  ['GET /domains with an unsupported ending in the name', get('/domains?query=a.com')],
  ['GET /domains with a subdomain', get('/domains?query=a.b.crypto')],
  ['GET /domains with a 64-character label', get(`/domains?query=${LABEL_64}`)],
  ['GET /domains with a space in the label', get('/domains?query=a%20b')],
  ['GET /domains with a NUL in the label', get('/domains?query=a%00')],
  ['GET /domains with an unsupported ending', get('/domains?query=abc&ending=com')],
  ['GET /domains with an unknown $expand', get('/domains?query=abc&$expand=owner')],
  ['GET /domains with an unknown parameter', get('/domains?query=abc&color=red')],
  // query is missing, and query[] is no parameter of the route
  ['GET /domains with query[] instead of query', twoProblems(get('/domains?query[]=abc'))],

  // POST /domains: the name
  ['POST /domains with name: 12', send('POST', '/domains', { name: 12 })],
  ['POST /domains with name: null', send('POST', '/domains', { name: null })],
  ['POST /domains without name', send('POST', '/domains', {})],
  ['POST /domains with an empty name', send('POST', '/domains', { name: '' })],
  ['POST /domains with a blank name', send('POST', '/domains', { name: '   ' })],
  ['POST /domains with -a.crypto', send('POST', '/domains', { name: '-a.crypto' })],
  ['POST /domains with a-.crypto', send('POST', '/domains', { name: 'a-.crypto' })],
  ['POST /domains with hyphens in the third and fourth positions', send('POST', '/domains', { name: 'ab--c.crypto' })],
  ['POST /domains with a..crypto', send('POST', '/domains', { name: 'a..crypto' })],
  ['POST /domains with .crypto', send('POST', '/domains', { name: '.crypto' })],
  ['POST /domains without an ending', send('POST', '/domains', { name: 'abc' })],
  ['POST /domains with a.com', send('POST', '/domains', { name: 'a.com' })],
  ['POST /domains with a subdomain a.b.crypto', send('POST', '/domains', { name: 'a.b.crypto' })],
  ['POST /domains with a 64-character label', send('POST', '/domains', { name: `${LABEL_64}.crypto` })],
  ['POST /domains with a 2000-character name', send('POST', '/domains', { name: `${'a'.repeat(2000)}.crypto` })],
  ['POST /domains with a space', send('POST', '/domains', { name: 'a b.crypto' })],
  ['POST /domains with a NUL', send('POST', '/domains', { name: 'a\u0000.crypto' })],
  ['POST /domains with an underscore', send('POST', '/domains', { name: 'a_b.crypto' })],
  ['POST /domains with an emoji ending', send('POST', '/domains', { name: 'a.😀' })],
  ['POST /domains with an emoji label starting with a hyphen', send('POST', '/domains', { name: '-😀.crypto' })],
  ['POST /domains with a label starting with a combining mark', send('POST', '/domains', { name: '\u0301a.crypto' })],
  ['POST /domains with a broken xn-- label', send('POST', '/domains', { name: 'xn--abc.crypto' })],
  ['POST /domains with an unknown property', send('POST', '/domains', { name: NAME, color: 'red' })],
  // POST /domains: the records
  ['POST /domains with records: "x"', send('POST', '/domains', { name: NAME, records: 'x' })],
  ['POST /domains with records: []', send('POST', '/domains', { name: NAME, records: [] })],
  ['POST /domains with records: null', send('POST', '/domains', { name: NAME, records: null })],
  ['POST /domains with an unknown record key', send('POST', '/domains', { name: NAME, records: { 'foo.bar': 'x' } })],
  [
    'POST /domains with a number as record value',
    send('POST', '/domains', { name: NAME, records: { 'ipfs.html.value': 12 } }),
  ],
  [
    'POST /domains with an object as record value',
    send('POST', '/domains', { name: NAME, records: { 'ipfs.html.value': { a: 1 } } }),
  ],
  [
    'POST /domains with a 1025-character record value',
    send('POST', '/domains', { name: NAME, records: { 'ipfs.html.value': 'Q'.repeat(1025) } }),
  ],
  [
    'POST /domains with a control character in a record value',
    send('POST', '/domains', { name: NAME, records: { 'ipfs.html.value': 'Qm\u0001x' } }),
  ],
  ['POST /domains with 101 records', overLimit(send('POST', '/domains', { name: NAME, records: recordKeys(101) }))],
  [
    'POST /domains with crypto.ETH.address "abc"',
    send('POST', '/domains', { name: NAME, records: { 'crypto.ETH.address': 'abc' } }),
  ],
  [
    'POST /domains with crypto.ETH.address without 0x',
    send('POST', '/domains', { name: NAME, records: { 'crypto.ETH.address': NO_PREFIX } }),
  ],
  [
    'POST /domains with crypto.ETH.address too short',
    send('POST', '/domains', { name: NAME, records: { 'crypto.ETH.address': SHORT } }),
  ],
  // POST /domains: the owner
  ['POST /domains with owner: "x"', send('POST', '/domains', { name: NAME, owner: 'x' })],
  ['POST /domains with owner: []', send('POST', '/domains', { name: NAME, owner: [] })],
  [
    'POST /domains with owner.type OTHER',
    send('POST', '/domains', { name: NAME, owner: { type: 'OTHER', address: ADDRESS } }),
  ],
  [
    'POST /domains with owner.type SERVICE',
    send('POST', '/domains', { name: NAME, owner: { type: 'SERVICE', address: ADDRESS } }),
  ],
  ['POST /domains with owner: null', send('POST', '/domains', { name: NAME, owner: null })],
  ['POST /domains with owner without address', send('POST', '/domains', { name: NAME, owner: { type: 'EXTERNAL' } })],
  ['POST /domains with owner without type', send('POST', '/domains', { name: NAME, owner: { address: ADDRESS } })],
  [
    'POST /domains with a short owner address',
    send('POST', '/domains', { name: NAME, owner: { type: 'EXTERNAL', address: SHORT } }),
  ],
  [
    'POST /domains with the zero owner address',
    send('POST', '/domains', { name: NAME, owner: { type: 'EXTERNAL', address: ZERO } }),
  ],
  [
    'POST /domains with an owner address without 0x',
    send('POST', '/domains', { name: NAME, owner: { type: 'EXTERNAL', address: NO_PREFIX } }),
  ],
  [
    'POST /domains with a non-hex owner address',
    send('POST', '/domains', { name: NAME, owner: { type: 'EXTERNAL', address: NOT_HEX } }),
  ],
  [
    'POST /domains with an unknown owner property',
    send('POST', '/domains', { name: NAME, owner: { type: 'EXTERNAL', address: ADDRESS, chain: 'MATIC' } }),
  ],
  // POST /domains: query and body shape
  ['POST /domains with $preview=yes', send('POST', '/domains?$preview=yes', { name: NAME })],
  ['POST /domains with $preview=1', send('POST', '/domains?$preview=1', { name: NAME })],
  ['POST /domains with $preview twice', send('POST', '/domains?$preview=true&$preview=false', { name: NAME })],
  ['POST /domains with an unknown parameter', send('POST', '/domains?color=red', { name: NAME })],
  ['POST /domains with an array body', send('POST', '/domains', [{ name: NAME }])],
  ['POST /domains with a string body', send('POST', '/domains', NAME)],
  ['POST /domains with a number body', send('POST', '/domains', 12)],
  ['POST /domains with a null body', send('POST', '/domains', null)],
  ['POST /domains with malformed JSON', raw('POST', '/domains', `{"name": "${NAME}"`)],
  ['POST /domains with a __proto__ property', raw('POST', '/domains', `{"name":"${NAME}","__proto__":{"admin":true}}`)],
  [
    'POST /domains with a __proto__ record key',
    raw('POST', '/domains', `{"name":"${NAME}","records":{"__proto__":"x"}}`),
  ],
  ['POST /domains with a body that is not JSON', raw('POST', '/domains', 'name=abc.crypto')],

  // GET /domains/{name}
  ['GET /domains/-a.crypto', get('/domains/-a.crypto')],
  ['GET /domains/a..crypto', get('/domains/a..crypto')],
  ['GET /domains/a.com', get('/domains/a.com')],
  ['GET /domains/a.b.crypto', get('/domains/a.b.crypto')],
  ['GET /domains/{blank}', get('/domains/%20')],
  ['GET /domains/{name with a space}', get('/domains/a%20b.crypto')],
  ['GET /domains/{name with %00}', get('/domains/a%00.crypto')],
  ['GET /domains/{64-character label}', get(`/domains/${LABEL_64}.crypto`)],
  ['GET /domains/{emoji ending}', get(`/domains/${enc('a.😀')}`)],
  ['GET /domains/{name with a slash}', get('/domains/a%2Fb.crypto')],
  // refused by the router before any route: the target itself is broken
  ['GET /domains/{malformed percent-encoding}', { ...get('/domains/%E0%A4%A.crypto'), code: 'BAD_REQUEST' }],
  ['GET /domains/{name} with an unknown $expand', get(`/domains/${NAME}?$expand=owner`)],
  ['GET /domains/{name} with an unknown parameter', get(`/domains/${NAME}?color=red`)],

  // PATCH, PUT, DELETE /domains/{name}
  ['PATCH /domains/-a.crypto', send('PATCH', '/domains/-a.crypto', { records: { 'ipfs.html.value': 'x' } })],
  ['PATCH /domains/{name} with records: "x"', send('PATCH', `/domains/${NAME}`, { records: 'x' })],
  [
    'PATCH /domains/{name} with an unknown record key',
    send('PATCH', `/domains/${NAME}`, { records: { 'foo.bar': 'x' } }),
  ],
  [
    'PATCH /domains/{name} with a non-hex crypto.ETH.address',
    send('PATCH', `/domains/${NAME}`, { records: { 'crypto.ETH.address': NOT_HEX } }),
  ],
  ['PATCH /domains/{name} with owner: "x"', send('PATCH', `/domains/${NAME}`, { owner: 'x' })],
  [
    'PATCH /domains/{name} with owner.type OTHER',
    send('PATCH', `/domains/${NAME}`, { owner: { type: 'OTHER', address: ADDRESS } }),
  ],
  [
    'PATCH /domains/{name} with a short owner address',
    send('PATCH', `/domains/${NAME}`, { owner: { type: 'EXTERNAL', address: SHORT } }),
  ],
  [
    'PATCH /domains/{name} with an unknown property',
    send('PATCH', `/domains/${NAME}`, { records: { 'ipfs.html.value': 'x' }, name: NAME }),
  ],
  [
    'PATCH /domains/{name} with $preview=maybe',
    send('PATCH', `/domains/${NAME}?$preview=maybe`, { records: { 'ipfs.html.value': 'x' } }),
  ],
  [
    'PATCH /domains/{name} with an unknown parameter',
    send('PATCH', `/domains/${NAME}?color=red`, { records: { 'ipfs.html.value': 'x' } }),
  ],
  [
    'PATCH /domains/{name} with an array body',
    send('PATCH', `/domains/${NAME}`, [{ records: { 'ipfs.html.value': 'x' } }]),
  ],
  ['PATCH /domains/{name} with a null body', send('PATCH', `/domains/${NAME}`, null)],
  ['PATCH /domains/{name} with records: null', send('PATCH', `/domains/${NAME}`, { records: null })],
  ['PATCH /domains/{name} with owner: null', send('PATCH', `/domains/${NAME}`, { owner: null })],
  ['PATCH /domains/{name} with a string body', send('PATCH', `/domains/${NAME}`, 'records')],
  ['PATCH /domains/{name} with malformed JSON', raw('PATCH', `/domains/${NAME}`, '{"records": {')],
  ['PUT /domains/a.com', send('PUT', '/domains/a.com', { records: {} })],
  ['PUT /domains/{name} with records: []', send('PUT', `/domains/${NAME}`, { records: [] })],
  ['PUT /domains/{name} with 101 records', overLimit(send('PUT', `/domains/${NAME}`, { records: recordKeys(101) }))],
  [
    'PUT /domains/{name} with the zero owner address',
    send('PUT', `/domains/${NAME}`, { owner: { type: 'EXTERNAL', address: ZERO } }),
  ],
  ['PUT /domains/{name} with a number body', send('PUT', `/domains/${NAME}`, 12)],
  ['DELETE /domains/a..crypto', { method: 'DELETE', path: '/domains/a..crypto' }],
  ['DELETE /domains/{name} with $preview=yes', { method: 'DELETE', path: `/domains/${NAME}?$preview=yes` }],
  ['DELETE /domains/{name} with an unknown parameter', { method: 'DELETE', path: `/domains/${NAME}?color=red` }],

  // /external/domains/{name}
  [
    'PATCH /external/domains/a.b.crypto',
    send('PATCH', '/external/domains/a.b.crypto', { records: { 'ipfs.html.value': 'x' } }),
  ],
  [
    'PATCH /external/domains/{name} with a non-string record value',
    send('PATCH', `/external/domains/${NAME}`, { records: { 'ipfs.html.value': true } }),
  ],
  [
    'PATCH /external/domains/{name} with an owner address without 0x',
    send('PATCH', `/external/domains/${NAME}`, { owner: { type: 'EXTERNAL', address: NO_PREFIX } }),
  ],
  ['PUT /external/domains/{64-character label}', send('PUT', `/external/domains/${LABEL_64}.crypto`, { records: {} })],
  [
    'PUT /external/domains/{name} with a control character in a record',
    send('PUT', `/external/domains/${NAME}`, { records: { 'ipfs.html.value': 'a\nb' } }),
  ],
  [
    'PUT /external/domains/{name} with $preview=yes',
    send('PUT', `/external/domains/${NAME}?$preview=yes`, { records: { 'ipfs.html.value': 'x' } }),
  ],

  // pending operations, suggestions, owners
  ['GET /domains/a.com/pending-operations', get('/domains/a.com/pending-operations')],
  [
    'GET /domains/{name}/pending-operations with an unknown parameter',
    get(`/domains/${NAME}/pending-operations?color=red`),
  ],
  ['GET /suggestions/domains without query', get('/suggestions/domains')],
  [
    'GET /suggestions/domains with 11 query values',
    overLimit(get(`/suggestions/domains?${many('query', 11, (i) => `a${i}`)}`)),
  ],
  ['GET /suggestions/domains with an empty query', get('/suggestions/domains?query=')],
  ['GET /suggestions/domains with an unsupported ending', get('/suggestions/domains?query=abc&ending=com')],
  ['GET /suggestions/domains with an unknown parameter', get('/suggestions/domains?query=abc&limit=5')],
  ['GET /owners/{short address}/domains', get(`/owners/${SHORT}/domains`)],
  ['GET /owners/{zero address}/domains', get(`/owners/${ZERO}/domains`)],
  ['GET /owners/{address without 0x}/domains', get(`/owners/${NO_PREFIX}/domains`)],
  ['GET /owners/{non-hex address}/domains', get(`/owners/${NOT_HEX}/domains`)],
  [
    'GET /owners/{address}/domains with a $cursor that is not base64',
    get(`/owners/${ADDRESS}/domains?$cursor=${NOT_BASE64}`),
  ],
  [
    'GET /owners/{address}/domains with a $cursor that is not JSON',
    get(`/owners/${ADDRESS}/domains?$cursor=${NOT_JSON}`),
  ],
  [
    'GET /owners/{address}/domains with a $cursor of the wrong shape',
    get(`/owners/${ADDRESS}/domains?$cursor=${cursorOf({ tokenId: 5 })}`),
  ],
  ['GET /owners/{address}/domains with a huge $cursor', get(`/owners/${ADDRESS}/domains?$cursor=${HUGE}`)],
  ['GET /owners/{address}/domains with an unknown $expand', get(`/owners/${ADDRESS}/domains?$expand=history`)],
  ['GET /owners/{address}/domains with an unknown parameter', get(`/owners/${ADDRESS}/domains?limit=5`)],

  // account and billing
  ['GET /account with an unknown parameter', get('/account?color=red')],
  ['PATCH /account with an empty body', send('PATCH', '/account', {})],
  ['PATCH /account with a short defaultWalletAddress', send('PATCH', '/account', { defaultWalletAddress: SHORT })],
  ['PATCH /account with defaultWalletAddress: 12', send('PATCH', '/account', { defaultWalletAddress: 12 })],
  ['PATCH /account with defaultWalletAddress: null', send('PATCH', '/account', { defaultWalletAddress: null })],
  ['PATCH /account with the zero defaultWalletAddress', send('PATCH', '/account', { defaultWalletAddress: ZERO })],
  [
    'PATCH /account with a defaultWalletAddress without 0x',
    send('PATCH', '/account', { defaultWalletAddress: NO_PREFIX }),
  ],
  ['PATCH /account with a non-hex defaultWalletAddress', send('PATCH', '/account', { defaultWalletAddress: NOT_HEX })],
  ['PATCH /account with an unknown property', send('PATCH', '/account', { defaultWalletAddress: ADDRESS, name: 'x' })],
  ['PATCH /account with an array body', send('PATCH', '/account', [ADDRESS])],
  ['PATCH /account with malformed JSON', raw('PATCH', '/account', '{"defaultWalletAddress":')],
  ['GET /account/billing with an unknown parameter', get('/account/billing?color=red')],
  [
    'GET /account/billing/transactions with a $cursor that is not base64',
    get(`/account/billing/transactions?$cursor=${NOT_BASE64}`),
  ],
  [
    'GET /account/billing/transactions with a $cursor of the wrong shape',
    get(`/account/billing/transactions?$cursor=${cursorOf({ at: 'x' })}`),
  ],
  ['GET /account/billing/transactions with a huge $cursor', get(`/account/billing/transactions?$cursor=${HUGE}`)],
  ['GET /account/billing/transactions with an unknown parameter', get('/account/billing/transactions?limit=5')],

  // wallets
  ['GET /account/wallets with type OTHER', get('/account/wallets?type=OTHER')],
  ['GET /account/wallets with type self', get('/account/wallets?type=self')],
  ['GET /account/wallets with a $cursor that is not base64', get(`/account/wallets?$cursor=${NOT_BASE64}`)],
  [
    'GET /account/wallets with a $cursor of the wrong shape',
    get(`/account/wallets?$cursor=${cursorOf({ kind: 0, index: -1 })}`),
  ],
  ['GET /account/wallets with a huge $cursor', get(`/account/wallets?$cursor=${HUGE}`)],
  ['GET /account/wallets with an unknown parameter', get('/account/wallets?limit=5')],
  ['POST /account/wallets with a property', send('POST', '/account/wallets', { type: 'SELF' })],
  ['POST /account/wallets with an array body', send('POST', '/account/wallets', [])],
  ['POST /account/wallets with a string body', send('POST', '/account/wallets', 'x')],
  ['POST /account/wallets with malformed JSON', raw('POST', '/account/wallets', '{')],
  ['GET /account/wallets/{short address}', get(`/account/wallets/${SHORT}`)],
  ['GET /account/wallets/{zero address}', get(`/account/wallets/${ZERO}`)],
  ['GET /account/wallets/{non-hex address}', get(`/account/wallets/${NOT_HEX}`)],
  ['GET /account/wallets/{address without 0x}', get(`/account/wallets/${NO_PREFIX}`)],
  ['PATCH /account/wallets/{short address}', send('PATCH', `/account/wallets/${SHORT}`, { primaryDomain: null })],
  ['PATCH /account/wallets/{zero address}', send('PATCH', `/account/wallets/${ZERO}`, { primaryDomain: null })],
  ['PATCH /account/wallets/{address} without primaryDomain', send('PATCH', `/account/wallets/${ADDRESS}`, {})],
  [
    'PATCH /account/wallets/{address} with primaryDomain: 12',
    send('PATCH', `/account/wallets/${ADDRESS}`, { primaryDomain: 12 }),
  ],
  [
    'PATCH /account/wallets/{address} with primaryDomain a.com',
    send('PATCH', `/account/wallets/${ADDRESS}`, { primaryDomain: 'a.com' }),
  ],
  [
    'PATCH /account/wallets/{address} with primaryDomain -a.crypto',
    send('PATCH', `/account/wallets/${ADDRESS}`, { primaryDomain: '-a.crypto' }),
  ],
  [
    'PATCH /account/wallets/{address} with primaryDomain a.b.crypto',
    send('PATCH', `/account/wallets/${ADDRESS}`, { primaryDomain: 'a.b.crypto' }),
  ],
  [
    'PATCH /account/wallets/{address} with an unknown property',
    send('PATCH', `/account/wallets/${ADDRESS}`, { primaryDomain: null, type: 'SELF' }),
  ],
  ['PATCH /account/wallets/{address} with a string body', send('PATCH', `/account/wallets/${ADDRESS}`, NAME)],
  // self-custody wallets
  ['GET /external/wallets with type OTHER', get('/external/wallets?type=OTHER')],
  ['GET /external/wallets with an unknown $expand', get('/external/wallets?$expand=records')],
  ['GET /external/wallets with $expand twice', get('/external/wallets?$expand=primaryDomain&$expand=primarydomain')],
  ['GET /external/wallets with a $cursor that is not base64', get(`/external/wallets?$cursor=${NOT_BASE64}`)],
  [
    'GET /external/wallets with a $cursor of the wrong shape',
    get(`/external/wallets?$cursor=${cursorOf({ kind: 2, index: 0 })}`),
  ],
  ['GET /external/wallets with an unknown parameter', get('/external/wallets?limit=5')],
  ['GET /external/wallets/{short address}', get(`/external/wallets/${SHORT}`)],
  ['GET /external/wallets/{zero address}', get(`/external/wallets/${ZERO}`)],
  ['GET /external/wallets/{address} with an unknown $expand', get(`/external/wallets/${ADDRESS}?$expand=owner`)],
  ['PATCH /external/wallets/{short address}', send('PATCH', `/external/wallets/${SHORT}`, { primaryDomain: null })],
  ['PATCH /external/wallets/{address} without primaryDomain', send('PATCH', `/external/wallets/${ADDRESS}`, {})],
  [
    'PATCH /external/wallets/{address} with primaryDomain: 12',
    send('PATCH', `/external/wallets/${ADDRESS}`, { primaryDomain: 12 }),
  ],
  [
    'PATCH /external/wallets/{address} with primaryDomain a.com',
    send('PATCH', `/external/wallets/${ADDRESS}`, { primaryDomain: 'a.com' }),
  ],
  [
    'PATCH /external/wallets/{address} with an unknown property',
    send('PATCH', `/external/wallets/${ADDRESS}`, { primaryDomain: null, type: 'EXTERNAL' }),
  ],
  [
    'PATCH /external/wallets/{address} with a query parameter',
    send('PATCH', `/external/wallets/${ADDRESS}?$preview=true`, { primaryDomain: null }),
  ],
  ['PATCH /external/wallets/{address} with malformed JSON', raw('PATCH', `/external/wallets/${ADDRESS}`, '{"a"')],

  // owner search
  ['GET /search/owners/domains without owner.address', get('/search/owners/domains')],
  ['GET /search/owners/domains with an empty owner.address', get('/search/owners/domains?owner.address=')],
  ['GET /search/owners/domains with a short owner.address', get(`/search/owners/domains?owner.address=${SHORT}`)],
  ['GET /search/owners/domains with the zero address', get(`/search/owners/domains?owner.address=${ZERO}`)],
  [
    'GET /search/owners/domains with 51 owners',
    overLimit(get(`/search/owners/domains?${many('owner.address', 51, () => ADDRESS)}`)),
  ],
  [
    'GET /search/owners/domains with an unknown $expand',
    get(`/search/owners/domains?owner.address=${ADDRESS}&$expand=history`),
  ],
  [
    'GET /search/owners/domains with a $cursor of the wrong shape',
    get(`/search/owners/domains?owner.address=${ADDRESS}&$cursor=${cursorOf({ tokenId: 5 })}`),
  ],
  [
    'GET /search/owners/domains with an unknown parameter',
    get(`/search/owners/domains?owner.address=${ADDRESS}&owner=x`),
  ],
  ['GET /account/wallets/{short address}/verification', get(`/account/wallets/${SHORT}/verification`)],
  ['GET /account/wallets/{zero address}/verification', get(`/account/wallets/${ZERO}/verification`)],
  [
    'POST /account/wallets/{non-hex address}/verification',
    send('POST', `/account/wallets/${NOT_HEX}/verification`, { signature: SIGNATURE }),
  ],
  [
    'POST /account/wallets/{address}/verification without signature',
    send('POST', `/account/wallets/${ADDRESS}/verification`, {}),
  ],
  [
    'POST /account/wallets/{address}/verification with a non-hex signature',
    send('POST', `/account/wallets/${ADDRESS}/verification`, { signature: 'zz' }),
  ],
  [
    'POST /account/wallets/{address}/verification with a short signature',
    send('POST', `/account/wallets/${ADDRESS}/verification`, { signature: '0x1234' }),
  ],
  [
    'POST /account/wallets/{address}/verification with signature: 12',
    send('POST', `/account/wallets/${ADDRESS}/verification`, { signature: 12 }),
  ],
  [
    'POST /account/wallets/{address}/verification with message: 12',
    send('POST', `/account/wallets/${ADDRESS}/verification`, { signature: SIGNATURE, message: 12 }),
  ],
  [
    'POST /account/wallets/{address}/verification with an unknown property',
    send('POST', `/account/wallets/${ADDRESS}/verification`, { signature: SIGNATURE, address: ADDRESS }),
  ],

  // operations
  ['GET /operations with status DONE', get('/operations?status=DONE')],
  ['GET /operations with status queued', get('/operations?status=queued')],
  ['GET /operations with type DOMAIN_TRANSFER', get('/operations?type=DOMAIN_TRANSFER')],
  ['GET /operations with an empty type', get('/operations?type=')],
  ['GET /operations with domain a..crypto', get('/operations?domain=a..crypto')],
  ['GET /operations with domain a.com', get('/operations?domain=a.com')],
  ['GET /operations with 51 domains', overLimit(get(`/operations?${many('domain', 51, (i) => `a${i}.crypto`)}`))],
  ['GET /operations with a $cursor that is not base64', get(`/operations?$cursor=${NOT_BASE64}`)],
  ['GET /operations with a $cursor that is not JSON', get(`/operations?$cursor=${NOT_JSON}`)],
  [
    'GET /operations with a $cursor of the wrong shape',
    get(`/operations?$cursor=${cursorOf({ createdAt: 1, id: 'x' })}`),
  ],
  ['GET /operations with a huge $cursor', get(`/operations?$cursor=${HUGE}`)],
  [
    'GET /operations with two $cursors',
    get(`/operations?$cursor=${cursorOf({ createdAt: 1, id: OP })}&$cursor=${cursorOf({ createdAt: 2, id: OP })}`),
  ],
  ['GET /operations with an unknown parameter', get('/operations?limit=5')],
  ['GET /operations/123', get('/operations/123')],
  ['GET /operations/op-123', get('/operations/op-123')],
  ['GET /operations/{uppercase uuid}', get(`/operations/${OP.toUpperCase().replace('OP-', 'op-')}`)],
  ['GET /operations/{uuid without op-}', get(`/operations/${randomUUID()}`)],
  ['GET /operations/{webhook id}', get(`/operations/${WH}`)],
  [
    'PATCH /operations/{id}/dependencies/dep-1',
    send('PATCH', `/operations/${OP}/dependencies/dep-1`, { transaction: { signature: SIGNATURE } }),
  ],
  [
    'PATCH /operations/{id}/dependencies/{operation id}',
    send('PATCH', `/operations/${OP}/dependencies/${OP}`, { transaction: { signature: SIGNATURE } }),
  ],
  [
    'PATCH /operations/{id}/dependencies/{bc- without uuid}',
    send('PATCH', `/operations/${OP}/dependencies/bc-123`, { transaction: { signature: SIGNATURE } }),
  ],
  [
    'PATCH /operations/op-123/dependencies/{depId}',
    send('PATCH', `/operations/op-123/dependencies/${DEP}`, { transaction: { signature: SIGNATURE } }),
  ],
  ['PATCH a dependency without transaction', send('PATCH', `/operations/${OP}/dependencies/${DEP}`, {})],
  [
    'PATCH a dependency with transaction: null',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: null }),
  ],
  [
    'PATCH a dependency with transaction: "x"',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: 'x' }),
  ],
  [
    'PATCH a dependency without transaction.signature',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: {} }),
  ],
  [
    'PATCH a dependency with a non-hex signature',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: { signature: 'not-hex' } }),
  ],
  [
    'PATCH a dependency with a signature without 0x',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: { signature: 'ab'.repeat(65) } }),
  ],
  [
    'PATCH a dependency with signature: 12',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: { signature: 12 } }),
  ],
  [
    'PATCH a dependency with an unknown transaction property',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: { signature: SIGNATURE, hash: '0x1' } }),
  ],
  [
    'PATCH a dependency with an unknown property',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}`, {
      transaction: { signature: SIGNATURE },
      status: 'COMPLETED',
    }),
  ],
  ['PATCH a dependency with a null body', send('PATCH', `/operations/${OP}/dependencies/${DEP}`, null)],
  [
    'PATCH a dependency with malformed JSON',
    raw('PATCH', `/operations/${OP}/dependencies/${DEP}`, '{"transaction":{"signature":"0x'),
  ],

  // webhooks
  ['GET /account/webhooks with a $cursor that is not base64', get(`/account/webhooks?$cursor=${NOT_BASE64}`)],
  ['GET /account/webhooks with a $cursor of the wrong shape', get(`/account/webhooks?$cursor=${cursorOf([1, 2])}`)],
  ['GET /account/webhooks with a huge $cursor', get(`/account/webhooks?$cursor=${HUGE}`)],
  [
    'POST /account/webhooks with a url that is not a URL',
    send('POST', '/account/webhooks', { url: 'not a url', type: 'OPERATION_FINISHED' }),
  ],
  [
    'POST /account/webhooks with an ftp url',
    send('POST', '/account/webhooks', { url: 'ftp://example.com/hook', type: 'OPERATION_FINISHED' }),
  ],
  [
    'POST /account/webhooks with a url without scheme',
    send('POST', '/account/webhooks', { url: 'example.com/hook', type: 'OPERATION_FINISHED' }),
  ],
  [
    'POST /account/webhooks with a url with credentials',
    send('POST', '/account/webhooks', { url: 'https://user:pw@example.com/hook', type: 'OPERATION_FINISHED' }),
  ],
  [
    'POST /account/webhooks with a loopback url',
    send('POST', '/account/webhooks', { url: 'http://127.0.0.1/hook', type: 'OPERATION_FINISHED' }),
  ],
  [
    'POST /account/webhooks with a space in the url',
    send('POST', '/account/webhooks', { url: 'https://example.com/ hook', type: 'OPERATION_FINISHED' }),
  ],
  [
    'POST /account/webhooks with a 2100-character url',
    send('POST', '/account/webhooks', { url: `https://example.com/${'a'.repeat(2100)}`, type: 'OPERATION_FINISHED' }),
  ],
  ['POST /account/webhooks with url: 12', send('POST', '/account/webhooks', { url: 12, type: 'OPERATION_FINISHED' })],
  ['POST /account/webhooks without url', send('POST', '/account/webhooks', { type: 'OPERATION_FINISHED' })],
  [
    'POST /account/webhooks with type OPERATION_CREATED',
    send('POST', '/account/webhooks', { url: HOOK, type: 'OPERATION_CREATED' }),
  ],
  [
    'POST /account/webhooks with type operation_finished',
    send('POST', '/account/webhooks', { url: HOOK, type: 'operation_finished' }),
  ],
  ['POST /account/webhooks without type', send('POST', '/account/webhooks', { url: HOOK })],
  [
    'POST /account/webhooks with an unknown property',
    send('POST', '/account/webhooks', { url: HOOK, type: 'OPERATION_FINISHED', secret: 'x' }),
  ],
  ['POST /account/webhooks with a string body', send('POST', '/account/webhooks', HOOK)],
  ['POST /account/webhooks with malformed JSON', raw('POST', '/account/webhooks', `{"url":"${HOOK}",`)],
  ['GET /account/webhooks/123', get('/account/webhooks/123')],
  ['GET /account/webhooks/wh-123', get('/account/webhooks/wh-123')],
  ['GET /account/webhooks/{operation id}', get(`/account/webhooks/${OP}`)],
  ['DELETE /account/webhooks/wh-x', { method: 'DELETE', path: '/account/webhooks/wh-x' }],
  ['DELETE /account/webhooks/{uuid without wh-}', { method: 'DELETE', path: `/account/webhooks/${randomUUID()}` }],
  ['GET /account/webhooks/{bad id}/deliveries', get('/account/webhooks/123/deliveries')],
  [
    'GET /account/webhooks/{id}/deliveries with a $cursor of the wrong shape',
    get(`/account/webhooks/${WH}/deliveries?$cursor=${cursorOf('x')}`),
  ],

  // unknown parameters on routes whose other input is valid: last, since a route that ignores them acts
  ['GET /account/wallets/{address} with an unknown parameter', get(`/account/wallets/${ADDRESS}?color=red`)],
  [
    'PATCH /account/wallets/{address} with an unknown parameter',
    send('PATCH', `/account/wallets/${ADDRESS}?color=red`, { primaryDomain: null }),
  ],
  [
    'GET /account/wallets/{address}/verification with an unknown parameter',
    get(`/account/wallets/${ADDRESS}/verification?color=red`),
  ],
  [
    'POST /account/wallets/{address}/verification with an unknown parameter',
    send('POST', `/account/wallets/${ADDRESS}/verification?color=red`, { signature: SIGNATURE }),
  ],
  ['GET /operations/{id} with an unknown parameter', get(`/operations/${OP}?color=red`)],
  [
    'PATCH a dependency with an unknown parameter',
    send('PATCH', `/operations/${OP}/dependencies/${DEP}?color=red`, { transaction: { signature: SIGNATURE } }),
  ],
  ['PATCH /account with an unknown parameter', send('PATCH', `/account?color=red`, { defaultWalletAddress: ADDRESS })],
  ['GET /account/webhooks with an unknown parameter', get('/account/webhooks?limit=5')],
  ['GET /account/webhooks/{id} with an unknown parameter', get(`/account/webhooks/${WH}?color=red`)],
  [
    'DELETE /account/webhooks/{id} with an unknown parameter',
    { method: 'DELETE', path: `/account/webhooks/${WH}?color=red` },
  ],
  [
    'GET /account/webhooks/{id}/deliveries with an unknown parameter',
    get(`/account/webhooks/${WH}/deliveries?limit=5`),
  ],
  [
    'POST /account/webhooks with an unknown parameter',
    send('POST', '/account/webhooks?color=red', { url: HOOK, type: 'OPERATION_FINISHED' }),
  ],
  ['POST /account/wallets with an unknown parameter', send('POST', '/account/wallets?color=red', {})],
];

describe('web3 partner API (surface C): malformed input', () => {
  let chains: Awaited<ReturnType<typeof startTestChains>>;
  let subject: TestApp;
  let partner: Web3Partner;
  beforeAll(async () => {
    chains = await startTestChains('ETH,MATIC');
    subject = await createTestApp({ chains, env: chains.env });
    partner = await newWeb3Partner(subject);
  });
  afterAll(async () => {
    await subject?.close();
    await chains?.stop();
  });

  const request = async ({ method, path, body, raw: text }: BadRequest): Promise<Reply> => {
    if (text === undefined) return partner.call(method, path, body);
    const response = await subject.app.inject({
      method,
      url: `/partner/v3${path}`,
      payload: text,
      headers: { authorization: `Bearer ${partner.key}`, 'content-type': 'application/json' },
    });
    let parsed: unknown = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      // left as text: the assertion below shows it
    }
    return { status: response.statusCode, body: parsed };
  };

  it('has a case for every kind of malformed input', () => {
    expect(cases.length).toBeGreaterThanOrEqual(70);
    expect(new Set(cases.map(([title]) => title)).size).toBe(cases.length);
  });

  it.each(cases)('%s: 400', async (_title, bad) => {
    const reply = await request(bad);
    expect({ status: reply.status, code: reply.body.code }).toEqual({ status: 400, code: bad.code ?? 'VALIDATION' });
    expect(reply.body.message).toMatch(/^[^:\s]/); // says something, and not ": …"
    if (bad.code === 'MULTIPLE_ERRORS') {
      expect(reply.body.errors).toEqual([
        expect.objectContaining({ code: 'VALIDATION', message: expect.any(String) }),
        expect.objectContaining({ code: 'VALIDATION', message: expect.any(String) }),
      ]);
    }
  });

  it('says what is wrong once, plainly, in the words of the property', async () => {
    const said = async (bad: BadRequest) => (await request(bad)).body.message;
    expect(await said(send('POST', '/domains', { name: 123 }))).toBe('name: must be a string');
    expect(await said(send('POST', '/domains', {}))).toBe('name: is required');
    expect(await said(send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: {} }))).toBe(
      'transaction.signature: is required',
    );
    expect(await said(send('PATCH', `/operations/${OP}/dependencies/${DEP}`, { transaction: null }))).toBe(
      'transaction: should not be null or undefined',
    );
    expect(await said(send('POST', '/domains?$preview=true&$preview=false', { name: NAME }))).toBe(
      '$preview: must be given once, as text',
    );
    expect(await said(send('POST', '/domains?color=red', { name: NAME }))).toBe(
      'color: is not a parameter of this route',
    );
    expect(await said(send('POST', '/domains', [1]))).toBe('the body must be a JSON object');
  });

  it('changed nothing: no operation, no charge, no wallet, no webhook', async () => {
    await subject.settled();
    const operations = await partner.call('GET', '/operations');
    expect(operations.status).toBe(200);
    expect(operations.body.items.map((op: { id: string; type: string }) => `${op.type} ${op.id}`)).toEqual([]);
    const billing = await partner.call('GET', '/account/billing');
    expect(billing).toMatchObject({ status: 200, body: { balance: { usdCents: 0 } } });
    expect((await partner.call('GET', '/account/billing/transactions')).body.items).toEqual([]);
    expect((await partner.call('GET', '/account/wallets')).body.items).toEqual([]);
    expect((await partner.call('GET', '/account/webhooks')).body.items).toEqual([]);
    expect((await partner.call('GET', '/account')).body.defaultWalletAddress ?? null).toBeNull();
  });
});
