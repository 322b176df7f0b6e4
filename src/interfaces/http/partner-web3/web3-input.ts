import { Address } from '../../../domain/chains/blockchain';
import { parseWeb3Name } from '../../../domain/web3-domains/names';
import { Refused } from '../../../domain/shared/errors';
import { Issue, RequestValidationError } from '../shared/problem';

/**
 * Checks of surface C's path and query input. Query parameters arrive as a string, or an array when repeated;
 * each route names the ones it accepts and everything else is refused, like unknown body properties.
 */
export type QueryInput = Record<string, unknown>;

const refuse = (issues: Issue[]): never => {
  throw new RequestValidationError(issues);
};

export const onlyParameters = (query: QueryInput, allowed: readonly string[]): void => {
  const unknown = Object.keys(query).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) refuse(unknown.map((path) => ({ path, message: 'is not a parameter of this route' })));
};

/** A repeatable parameter as a list, each value checked. */
export const repeated = (query: QueryInput, name: string, options: { max: number; min?: number; maxLength?: number; oneOf?: readonly string[] }): string[] => {
  const raw = query[name];
  if (raw === undefined && (options.min ?? 0) > 0) refuse([{ path: name, message: `is required (at least ${options.min} value)` }]);
  if (raw === undefined) return [];
  const values = Array.isArray(raw) ? raw : [raw];
  if (values.length > options.max) throw new Refused('EXCEEDS_LIMIT', `${name} takes at most ${options.max} values`, { parameter: name, limit: options.max });
  const issues: Issue[] = [];
  for (const value of values) {
    if (typeof value !== 'string' || value.trim() === '' || value.length > (options.maxLength ?? 300)) issues.push({ path: name, message: 'must be a non-empty string of at most 300 characters' });
    else if (options.oneOf && !options.oneOf.includes(value)) issues.push({ path: name, message: `must be one of ${options.oneOf.join(', ')}` });
  }
  if (issues.length > 0) refuse(issues);
  return values as string[];
};

export const single = (query: QueryInput, name: string, options: { oneOf?: readonly string[] } = {}): string | undefined => {
  const values = repeated(query, name, { max: 1, oneOf: options.oneOf });
  return values[0];
};

/** `$preview=true|false`; absent is false. */
export const previewOf = (query: QueryInput): boolean => single(query, '$preview', { oneOf: ['true', 'false'] }) === 'true';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const addressOf = (value: unknown, path = 'address'): Address => {
  if (typeof value !== 'string' || !ADDRESS.test(value)) return refuse([{ path, message: 'must be 0x and 40 hex digits' }]);
  if (/^0x0{40}$/.test(value)) return refuse([{ path, message: 'must not be the zero address' }]);
  return value.toLowerCase() as Address;
};

/** A blockchain name of a supported ending, as stored: lowercase, IDNs as their A-label. */
export const nameOf = (value: unknown, supportedTlds: readonly string[], path = 'name'): string => {
  if (typeof value !== 'string') return refuse([{ path, message: 'must be a domain name' }]);
  const parsed = parseWeb3Name(value, supportedTlds);
  return parsed.ok ? parsed.name : refuse([{ path, message: parsed.reason }]);
};

const MAX_RECORDS = 100;
/** Record keys whose values are EVM addresses: ETH's own and tokens on EVM chains. */
const EVM_ADDRESS_KEY = /^crypto\.(ETH|[A-Z0-9]+\.version\.(ERC20|MATIC|BEP20|BASE))\.address$/;
const MAX_VALUE_LENGTH = 1024;

/** Records to write: known resolver keys, string values (an empty one removes the record), a bounded number. */
export const recordsOf = (value: unknown, knownKeys: ReadonlySet<string>): Record<string, string> | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse([{ path: 'records', message: 'must be an object of record keys to string values' }]);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_RECORDS) throw new Refused('EXCEEDS_LIMIT', `records holds at most ${MAX_RECORDS} records`, { limit: MAX_RECORDS });
  const issues: Issue[] = [];
  for (const [key, record] of entries) {
    if (!knownKeys.has(key)) issues.push({ path: `records.${key}`, message: 'is not a known record key' });
    else if (typeof record !== 'string') issues.push({ path: `records.${key}`, message: 'must be a string' });
    else if (record.length > MAX_VALUE_LENGTH || /[\u0000-\u001f\u007f]/.test(record)) issues.push({ path: `records.${key}`, message: `must be at most ${MAX_VALUE_LENGTH} printable characters` });
    else if (EVM_ADDRESS_KEY.test(key) && record !== '' && !ADDRESS.test(record)) issues.push({ path: `records.${key}`, message: 'must be 0x and 40 hex digits' });
  }
  if (issues.length > 0) refuse(issues);
  return Object.fromEntries(entries) as Record<string, string>;
};

export const signatureOf = (value: unknown, path: string): `0x${string}` => {
  // 65 bytes (r, s, v) from an EOA; contract wallets (ERC-1271) may sign with longer blobs
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2}){65,2048}$/.test(value)) return refuse([{ path, message: 'must be a 0x hex signature' }]);
  return value as `0x${string}`;
};

export const idOf = (value: string, pattern: RegExp, what: string): string => (pattern.test(value) ? value : refuse([{ path: 'id', message: `is not ${what}` }]));
