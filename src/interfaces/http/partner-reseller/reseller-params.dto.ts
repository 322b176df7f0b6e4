import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { idPattern } from '../../../domain/shared/ids';
import { CursorQuery, Once, PreviewQuery, Repeated } from '../shared/request-params';

/** Query and path parameters of surface D's routes (`decisions.md` §4); reseller-input checks names in depth. */

export const DOMAIN_EXPANSIONS = ['registration', 'flags'] as const;

/** Operation statuses of surface D; lists also filter by `SIGNATURE_REQUIRED` and `TRANSMISSION_REQUIRED`. */
export const RESELLER_OPERATION_STATUSES = [
  'PREVIEW',
  'QUEUED',
  'PROCESSING',
  'AWAITING_UPDATES',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
] as const;

/** Operation types of surface D (`interface-spec.md` Surface D resources, and the pending-operation types). */
export const RESELLER_OPERATION_TYPES = [
  'ADMIN_GENERIC',
  'DOMAIN_ADMIN_UPDATE',
  'DOMAIN_RENEW',
  'ACCOUNT_UPDATE',
  'DOMAIN_DNS_RECORD_CREATE',
  'DOMAIN_DNS_RECORD_UPDATE',
  'DOMAIN_DNS_RECORD_DELETE',
  'DOMAIN_DNS_RECORD_BATCH',
  'DOMAIN_DNS_SECURITY_ENABLE',
  'DOMAIN_DNS_SECURITY_DELETE',
  'DOMAIN_DNS_NAME_SERVER_UPDATE',
  'DOMAIN_HOSTING_UPDATE',
  'DOMAIN_HOSTING_DISABLE',
  'DOMAIN_TRANSFER_OUT',
  'DOMAIN_TRANSFER_OUT_TOGGLE',
  'DOMAIN_FLAGS_UPDATE',
  'DOMAIN_CONTACTS_UPDATE',
  'CONTACT_CREATE',
  'DOMAIN_SUGGESTION_CREATE',
  'DOMAIN_SUGGESTION_REFRESH',
  'DOMAIN_ADMIN_DNS_ZONE_MIGRATE',
] as const;

export class DomainAvailabilityQuery {
  @Repeated({
    min: 1,
    max: 50,
    description: 'Names (label.tld, Unicode or A-label) or labels; a label is looked up under every ending asked for',
  })
  query!: string[];

  @Repeated({ max: 20, description: 'The endings labels are looked up under; every TLD sold when absent' })
  ending?: string[];

  @Repeated({ max: 2, oneOf: DOMAIN_EXPANSIONS, description: 'Parts to include for names of the account' })
  $expand?: string[];
}

export class DomainSuggestionsQuery {
  @Repeated({ min: 1, max: 10, maxLength: 200, description: 'Words, names or phrases to build available names from' })
  query!: string[];

  @Repeated({ max: 20, description: 'Endings of the suggested names; every TLD open for registration when absent' })
  ending?: string[];
}

export class TldParams {
  @Matches(/^[a-z0-9-]{1,63}$/i, { message: 'is not a TLD (letters, digits and hyphens, without the dot)' })
  @JSONSchema({ description: 'A TLD without its dot', examples: ['com'] })
  tld!: string;
}

export class DnsNameParams {
  @IsString()
  @MaxLength(1024)
  @JSONSchema({
    description: 'A DNS domain name, label.tld, in Unicode or A-label (xn--) form',
    examples: ['example.com'],
  })
  name!: string;
}

export class ResellerOperationsQuery {
  @Repeated({ max: 50, description: 'Only operations on these domains' })
  domain?: string[];

  @Repeated({
    max: RESELLER_OPERATION_STATUSES.length + 2,
    oneOf: [...RESELLER_OPERATION_STATUSES, 'SIGNATURE_REQUIRED', 'TRANSMISSION_REQUIRED'],
    description: 'Only operations in these statuses',
  })
  status?: string[];

  @Repeated({
    max: RESELLER_OPERATION_TYPES.length,
    oneOf: RESELLER_OPERATION_TYPES,
    description: 'Only operations of these types',
  })
  type?: string[];

  @Once({
    maxLength: 16,
    description: 'The `next.$cursor` of the previous page (an integer); absent for the first page',
  })
  @Matches(/^[1-9][0-9]{0,15}$/, { message: 'must be the integer `next.$cursor` of the previous page' })
  $cursor?: string;
}

export class ResellerOperationParams {
  @Matches(idPattern('operation'), { message: 'is not an operation id (op-<uuid>)' })
  @JSONSchema({ description: 'An operation id', examples: ['op-3b241101-e2bb-4255-8caf-4136c566a962'] })
  id!: string;
}

/** A paid change: `$preview=true` quotes it; `$quote=<preview id>` commits it at the price that preview quoted. */
export class ResellerCommitQuery extends PreviewQuery {
  @Once({
    maxLength: 64,
    description:
      'The id of a PREVIEW operation of the same request, within its `validUntilTimestamp`: the commit is charged ' +
      'the price that preview quoted (once; QUOTE_EXPIRED after its validity, QUOTE_USED when already committed)',
  })
  @Matches(idPattern('operation'), { message: 'is not an operation id (op-<uuid>)' })
  $quote?: string;
}

export class DomainExpandQuery {
  @Repeated({ max: 2, oneOf: DOMAIN_EXPANSIONS, description: "Parts to include for the account's own names" })
  $expand?: string[];
}

export class AccountDomainsQuery extends CursorQuery {
  @Repeated({ max: 1, oneOf: ['flags'], description: "`flags`: each held name's flags" })
  $expand?: string[];
}

/** A whole number given once in a query, as its decimal digits. */
const QueryCount = (max: number, description: string) =>
  applyDecorators(
    Once({ maxLength: String(max).length, description }),
    Matches(/^[1-9][0-9]*$/, { message: `must be a whole number from 1 to ${max}` }),
    ValidateBy({
      name: 'atMost',
      validator: {
        validate: (value: unknown) => Number(value) <= max,
        defaultMessage: () => `must be a whole number from 1 to ${max}`,
      },
    }),
  );

export class MarketplaceListingsQuery {
  @Repeated({
    max: 20,
    maxLength: 63,
    description: 'Only names under these TLDs (without the dot); every TLD when absent',
  })
  tlds?: string[];

  @Once({ maxLength: 253, description: 'Only names holding this text, in either form' })
  q?: string;

  @Once({
    oneOf: ['price', 'name', 'listedAt'],
    description: 'The order: price, name or listing time (default listedAt)',
  })
  orderBy?: 'price' | 'name' | 'listedAt';

  @Once({ oneOf: ['ASC', 'DESC'], description: 'ASC or DESC (default DESC for listedAt, ASC otherwise)' })
  orderDirection?: 'ASC' | 'DESC';

  @QueryCount(100, 'Listings per page, 1 to 100 (default 20)')
  perPage?: string;

  @QueryCount(10_000, 'The page, from 1 (default 1)')
  $page?: string;
}
