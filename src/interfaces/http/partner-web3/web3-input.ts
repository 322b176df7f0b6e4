import { Address } from '../../../domain/chains/blockchain';
import { Refused } from '../../../domain/shared/errors';
import { parseWeb3Name, Web3Name } from '../../../domain/web3-domains/names';
import { Issue, RequestValidationError } from '../shared/problem';

/**
 * Checks of surface C's input in depth: names, endings, addresses, records and signatures (shapes: web3.dto,
 * web3-params.dto).
 */

const refuse = (issues: Issue[]): never => {
  throw new RequestValidationError(issues);
};

/** The endings asked for, each one of `allowed` (the configured endings are not known to the declarations). */
export const oneOfEndings = (endings: readonly string[] | undefined, allowed: readonly string[]): string[] => {
  const unknown = (endings ?? []).filter((ending) => !allowed.includes(ending.trim().toLowerCase()));
  if (unknown.length > 0)
    refuse(unknown.map(() => ({ path: 'ending', message: `must be one of ${allowed.join(', ')}` })));
  return (endings ?? []).map((ending) => ending.trim().toLowerCase());
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const addressOf = (value: unknown, path = 'address'): Address => {
  if (typeof value !== 'string' || !ADDRESS.test(value))
    return refuse([{ path, message: 'must be 0x and 40 hex digits' }]);
  if (/^0x0{40}$/.test(value)) return refuse([{ path, message: 'must not be the zero address' }]);
  return value.toLowerCase() as Address;
};

/** A wallet update's `primaryDomain`: a name under one of `endings`, or null to remove it. */
export const primaryDomainOf = (value: string | null, endings: readonly string[]): string | null =>
  value === null ? null : nameOf(value, endings, 'primaryDomain').name;

/**
 * A blockchain name under one of `endings`, parsed once for the whole request: IDNs as their A-label, with the Unicode
 * form.
 */
export const nameOf = (value: unknown, endings: readonly string[], path = 'name'): Web3Name => {
  if (typeof value !== 'string') return refuse([{ path, message: 'must be a domain name' }]);
  const parsed = parseWeb3Name(value, endings);
  return parsed.ok ? parsed : refuse([{ path, message: parsed.reason }]);
};

const MAX_RECORDS = 100;
/** Record keys whose values are EVM addresses: ETH's own and tokens on EVM chains. */
const EVM_ADDRESS_KEY = /^crypto\.(ETH|[A-Z0-9]+\.version\.(ERC20|MATIC|BEP20|BASE))\.address$/;
const MAX_VALUE_LENGTH = 1024;

/** Records to write: known resolver keys, string values (an empty one removes the record), a bounded number. */
export const recordsOf = (value: unknown, knownKeys: ReadonlySet<string>): Record<string, string> | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refuse([{ path: 'records', message: 'must be an object of record keys to string values' }]);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_RECORDS)
    throw new Refused('EXCEEDS_LIMIT', `records holds at most ${MAX_RECORDS} records`, { limit: MAX_RECORDS });
  const issues: Issue[] = [];
  for (const [key, record] of entries) {
    if (!knownKeys.has(key)) issues.push({ path: `records.${key}`, message: 'is not a known record key' });
    else if (typeof record !== 'string') issues.push({ path: `records.${key}`, message: 'must be a string' });
    else if (record.length > MAX_VALUE_LENGTH || /[\u0000-\u001f\u007f]/.test(record))
      issues.push({ path: `records.${key}`, message: `must be at most ${MAX_VALUE_LENGTH} printable characters` });
    else if (EVM_ADDRESS_KEY.test(key) && record !== '' && !ADDRESS.test(record))
      issues.push({ path: `records.${key}`, message: 'must be 0x and 40 hex digits' });
  }
  if (issues.length > 0) refuse(issues);
  return Object.fromEntries(entries) as Record<string, string>;
};

export const signatureOf = (value: unknown, path: string): `0x${string}` => {
  // 65 bytes (r, s, v) from an EOA; contract wallets (ERC-1271) may sign with longer blobs
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2}){65,2048}$/.test(value))
    return refuse([{ path, message: 'must be a 0x hex signature' }]);
  return value as `0x${string}`;
};
