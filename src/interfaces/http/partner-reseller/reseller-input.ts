import { ContactDetails, contactProblemsOf, normalizedContact } from '../../../domain/dns-domains/contact-rules';
import { LABEL_DOTS, parseSecondLevelName, SecondLevelName } from '../../../domain/shared/names';
import { Issue, RequestValidationError } from '../shared/problem';
import { RegistrantOf } from '../../../application/dns-domains/register-domain.command';
import {
  DomainChanges,
  DomainChangeType,
  UpdateDnsDomain,
} from '../../../application/dns-domains/update-domain.command';
import { PreviewQuery } from '../shared/request-params';
import { ContactDto } from './contact.dto';
import { FlagsUpdateDto, OwnerContactDto, RegistrationOwnerDto } from './register.dto';
import { DnsFlag, FlagStatus } from '../../../domain/dns-domains/dns-flags';

/** Checks of surface D's input in depth: names, endings and contacts (shapes: reseller-params.dto, contact.dto). */

const MAX_NAMES = 50;
/** The dots that separate labels, as IDNA maps them (full-width and ideographic ones too). */

const refuse = (issues: Issue[]): never => {
  throw new RequestValidationError(issues);
};

const tldOf = (text: string): string => text.trim().toLowerCase().split(LABEL_DOTS).at(-1) ?? '';

/**
 * A DNS name `label.tld` in either form, checked for shape only: whether its TLD is sold is the catalogue's answer
 * (`DISALLOWED`), not a malformed request.
 */
export const dnsNameOf = (value: string, path = 'name'): SecondLevelName => {
  const parsed = parseSecondLevelName(value, [tldOf(value)]);
  return parsed.ok ? parsed : refuse([{ path, message: parsed.reason }]);
};

/** Endings as asked (lowercase, a leading dot dropped), each one the service sells. */
export const soldEndingsOf = (endings: readonly string[] | undefined, sold: readonly string[]): string[] => {
  const asked = (endings ?? []).map((ending) => ending.trim().toLowerCase().replace(/^\./, ''));
  const issues = asked
    .filter((ending) => !sold.includes(ending))
    .map(() => ({ path: 'ending', message: `must be one of ${sold.join(', ')}` }));
  if (issues.length > 0) refuse(issues);
  return asked;
};

/**
 * The names of an availability lookup, in the order asked: full names as given, labels under every ending. Each
 * malformed entry is one issue; more than 50 names in all is refused.
 */
export const lookupNamesOf = (queries: readonly string[], endings: readonly string[]): SecondLevelName[] => {
  const issues: Issue[] = [];
  const names = queries.flatMap((query) => {
    const candidates = LABEL_DOTS.test(query) ? [query] : endings.map((ending) => `${query.trim()}.${ending}`);
    return candidates.flatMap((candidate) => {
      const parsed = parseSecondLevelName(candidate, [tldOf(candidate)]);
      if (parsed.ok) return [parsed];
      issues.push({ path: 'query', message: `${JSON.stringify(query)}: ${parsed.reason}` });
      return [];
    });
  });
  if (issues.length > 0) refuse(issues);
  const unique = [...new Map(names.map((name) => [name.name, name])).values()];
  if (unique.length > MAX_NAMES) {
    refuse([{ path: 'query', message: `asks for ${unique.length} names; at most ${MAX_NAMES} at once` }]);
  }
  return unique;
};

/** A contact's details from a checked body, normalized, with every problem of its values at once. */
export const contactDetailsOf = (body: ContactDto, path = ''): ContactDetails => {
  const details = normalizedContact({
    firstName: body.firstName,
    lastName: body.lastName,
    organization: body.organization ?? null,
    email: body.email,
    phone: { dialingPrefix: body.phone.dialingPrefix, number: body.phone.number },
    street: body.street,
    city: body.city,
    stateProvince: body.stateProvince,
    postalCode: body.postalCode,
    countryCode: body.countryCode,
  });
  const problems = contactProblemsOf(details);
  if (problems.length > 0) refuse(problems.map((problem) => ({ ...problem, path: `${path}${problem.path}` })));
  return details;
};

const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'city',
  'stateProvince',
  'postalCode',
  'countryCode',
] as const;

/** The registrant of a registration: a contact by id, or every field of a new one (and nothing else with an id). */
export const registrantOf = (owner: RegistrationOwnerDto | undefined): RegistrantOf =>
  contactRefOf(owner?.contact, 'owner.contact');

/** A contact given by id, or by every field of a new one (checked as `POST /contacts` checks them). */
export const contactRefOf = (contact: OwnerContactDto | undefined, path: string): RegistrantOf => {
  if (!contact) return refuse([{ path, message: 'is required: a contact id, or a new contact' }]);
  const given = Object.keys(contact).filter((key) => contact[key as keyof OwnerContactDto] !== undefined);
  if (contact.id !== undefined) {
    if (given.length > 1) refuse([{ path, message: 'takes an id or the fields of a new contact' }]);
    return { contactId: contact.id };
  }
  const missing = CONTACT_FIELDS.filter((field) => contact[field] === undefined);
  if (missing.length > 0) refuse(missing.map((field) => ({ path: `${path}.${field}`, message: 'is required' })));
  return { details: contactDetailsOf(contact as ContactDto, `${path}.`) };
};

/** Whether a paid change is a preview; a preview names no quote of its own (`$quote` commits one). */
export const commitModeOf = (query: { readonly $preview?: string; readonly $quote?: string }): boolean => {
  const preview = query.$preview === 'true';
  if (preview && query.$quote !== undefined) {
    refuse([{ path: '$quote', message: 'commits a preview; it cannot be given with $preview=true' }]);
  }
  return preview;
};

/** `expirationDate` of a renewal: a date or a date and time (ISO 8601), compared by its calendar day (UTC). */
export const expectedExpiryOf = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const at = /^\d{4}-\d{2}-\d{2}(?:T[0-9:.]+(?:Z|[+-]\d{2}:\d{2}))?$/.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(at)
    ? refuse([{ path: 'expirationDate', message: 'must be a date as GET /renewals gives it (2027-11-23T16:42:05Z)' }])
    : at;
};

/** The flags a body asks for, each to its status. */
export const flagsAskedOf = (body: FlagsUpdateDto | undefined): Partial<Record<DnsFlag, FlagStatus>> =>
  Object.fromEntries(
    Object.entries(body ?? {}).flatMap(([flag, value]) =>
      value ? [[flag as DnsFlag, (value as { status: FlagStatus }).status]] : [],
    ),
  );

/** The command of a route that changes one of the account's names (flags, contacts, zone), or previews the change. */
export const domainChangeOf = (
  accountId: string,
  name: string,
  type: DomainChangeType,
  changes: DomainChanges,
  query: PreviewQuery,
): UpdateDnsDomain => new UpdateDnsDomain(accountId, dnsNameOf(name), type, changes, query.$preview === 'true');
