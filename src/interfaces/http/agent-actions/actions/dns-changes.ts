import { CommandBus } from '@nestjs/cqrs';
import {
  DomainChanges,
  DomainChangeType,
  UpdateDnsDomain,
} from '../../../../application/dns-domains/update-domain.command';
import { ExistingOperation } from '../../../../domain/operations/operation';
import { DomainError } from '../../../../domain/shared/errors';
import { parseAskedName, SecondLevelName } from '../../../../domain/shared/names';
import { RequestValidationError } from '../../shared/problem';

/** One entry of a DNS action's `results`, in the order asked. */
export type DnsResult = Readonly<{ domain: string; success: boolean; error?: string } & Record<string, unknown>>;

/** `BulkDnsOperationResponse` and its kin: the results, and how many went each way. */
export const bulkAnswer = <R extends { readonly success: boolean }>(results: readonly R[]) => ({
  results,
  successCount: results.filter((result) => result.success).length,
  failureCount: results.filter((result) => !result.success).length,
});

/** What a user reads of a refusal: the rule's words, with each problem where it is. */
const refusalOf = (error: DomainError | RequestValidationError): string => {
  if (error instanceof RequestValidationError) return error.message;
  const problems = error.context.problems;
  return Array.isArray(problems) && problems.length > 0
    ? `${error.message}: ${problems.map((problem: { message?: unknown }) => String(problem.message)).join('; ')}`
    : error.message;
};

/**
 * The result of one domain's part of a batch: what `act` answers, or its refusal (a name that is not the user's, a
 * zone rule, another operation running on it) as that domain's error; the other domains go ahead.
 */
export const resultOf = async (domain: string, act: () => Promise<Record<string, unknown>>): Promise<DnsResult> => {
  try {
    return { domain, success: true, ...(await act()) };
  } catch (error) {
    if (error instanceof DomainError || error instanceof RequestValidationError) {
      return { domain, success: false, error: refusalOf(error) };
    }
    throw error;
  }
};

/** A sub name as the agent actions show it: `@` for the apex, as their bodies take it. */
export const shownSubName = (subName: string): string => (subName === '' ? '@' : subName);

/** One result per line, the lines run one after another (a name takes one operation at a time). */
export const resultsOf = async <Line>(
  lines: readonly Line[],
  domainOf: (line: Line) => string,
  act: (line: Line) => Promise<Record<string, unknown>>,
): Promise<DnsResult[]> => {
  const results: DnsResult[] = [];
  for (const line of lines) results.push(await resultOf(domainOf(line), () => act(line)));
  return results;
};

/** One result per domain asked for (`{name}` lines), each acted on as a registered DNS name. */
export const resultsByName = (
  domains: readonly { readonly name: string }[],
  act: (name: SecondLevelName) => Promise<Record<string, unknown>>,
): Promise<DnsResult[]> =>
  resultsOf(
    domains,
    ({ name }) => name,
    ({ name }) => act(askedDnsName(name)),
  );

/** A name the user asked for, as a registered DNS name (label.tld); refused with why as that domain's error. */
export const askedDnsName = (asked: string): SecondLevelName => {
  const parsed = parseAskedName(asked);
  if (!parsed.ok) throw new RequestValidationError([{ path: 'domain', message: `${asked}: ${parsed.reason}` }]);
  return parsed as SecondLevelName;
};

/** Starts the operation that makes `changes` to one of the user's names, as surface D's routes do. */
export const changeDomain = async (
  commands: CommandBus,
  accountId: string,
  name: SecondLevelName,
  type: DomainChangeType,
  zone: Partial<DomainChanges>,
): Promise<ExistingOperation> =>
  commands.execute(new UpdateDnsDomain(accountId, name, type, { flags: {}, contacts: {}, ...zone }, false));

/**
 * Items of a batch grouped by the domain they change (its stored form, whichever form was asked), in the order first
 * asked: one operation per domain carries
 * them all, since a name takes one operation at a time.
 */
export const byDomain = <T>(items: readonly T[], domainOf: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const asked = domainOf(item);
    const parsed = parseAskedName(asked);
    const key = parsed.ok ? parsed.name : asked;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
};
