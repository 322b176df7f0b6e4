import { IsString, Matches, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { idPattern } from '../../../domain/shared/ids';
import { CursorQuery, Once, PreviewQuery, Repeated } from '../shared/request-params';

/**
 * Query and path parameters of surface C's routes (`decisions.md` §3). Names and addresses are checked in depth by
 * web3-input.
 */

export const OPERATION_STATUSES = [
  'QUEUED',
  'SIGNATURE_REQUIRED',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
] as const;
export const OPERATION_TYPES = [
  'DOMAIN_CLAIM',
  'DOMAIN_UPDATE',
  'DOMAIN_RETURN',
  'WALLET_CREATE',
  'WALLET_UPDATE',
  'WALLET_VERIFY',
  'ACCOUNT_UPDATE',
] as const;
export const EXPANSIONS = ['records', 'registration'] as const;

const expand = {
  max: 2,
  oneOf: EXPANSIONS,
  description: 'Parts of each domain to include: its records, its token (registration)',
};

export class DomainLookupQuery {
  @Repeated({
    min: 1,
    max: 50,
    overLimit: true,
    description: 'Names (label.tld, Unicode or A-label) or labels; a label is looked up under every ending',
  })
  query!: string[];

  @Repeated({
    max: 20,
    overLimit: true,
    description: 'The endings labels are looked up under; every supported ending when absent',
  })
  ending?: string[];

  @Repeated(expand)
  $expand?: string[];
}

export class DomainExpandQuery {
  @Repeated(expand)
  $expand?: string[];
}

/** An owner's list always shows each domain's owner and availability: asking for them changes nothing. */
export const OWNER_LIST_EXPANSIONS = [...EXPANSIONS, 'owner', 'availability'] as const;

export class OwnedDomainsQuery extends CursorQuery {
  @Repeated({
    max: OWNER_LIST_EXPANSIONS.length,
    oneOf: OWNER_LIST_EXPANSIONS,
    description:
      'Parts of each domain to include: its records, its token (registration); owner and availability always',
  })
  $expand?: string[];
}

/** At most this many owners in one search. */
export const OWNER_SEARCH_LIMIT = 50;

export class OwnersDomainsQuery extends OwnedDomainsQuery {
  @Repeated({
    min: 1,
    max: OWNER_SEARCH_LIMIT,
    overLimit: true,
    description: "The owners' addresses, one per value: any wallets, the account's or not",
  })
  'owner.address'!: string[];
}

export class SuggestionsQuery {
  @Repeated({
    min: 1,
    max: 10,
    maxLength: 200,
    overLimit: true,
    description: 'Words, names or phrases to build available names from',
  })
  query!: string[];

  @Repeated({
    max: 20,
    overLimit: true,
    description: 'Endings of the suggested names; every claimable ending when absent',
  })
  ending?: string[];
}

export class OperationsQuery extends CursorQuery {
  @Repeated({ max: 50, overLimit: true, description: 'Only operations on these domains' })
  domain?: string[];

  @Repeated({
    max: OPERATION_STATUSES.length,
    oneOf: OPERATION_STATUSES,
    overLimit: true,
    description: 'Only operations in these statuses',
  })
  status?: string[];

  @Repeated({
    max: OPERATION_TYPES.length,
    oneOf: OPERATION_TYPES,
    overLimit: true,
    description: 'Only operations of these types',
  })
  type?: string[];
}

export class WalletsQuery extends CursorQuery {
  @Repeated({
    max: 2,
    oneOf: ['SELF', 'EXTERNAL'],
    overLimit: true,
    description: 'SELF: custodial wallets; EXTERNAL: verified self-custody wallets',
  })
  type?: string[];
}

/** `$expand=primaryDomain` (the reference spells it `primarydomain` on the list): each wallet's primary domain. */
const expandPrimaryDomain = {
  oneOf: ['primaryDomain', 'primarydomain'],
  description: "primaryDomain: include each wallet's primary domain (its reverse resolution), null when it has none",
};

export class ExternalWalletsQuery extends WalletsQuery {
  @Once(expandPrimaryDomain)
  $expand?: string;
}

export class ExternalWalletQuery {
  @Once(expandPrimaryDomain)
  $expand?: string;
}

export { PreviewQuery };

export class DomainNameParams {
  @IsString()
  @MaxLength(1024)
  @JSONSchema({
    description: 'A blockchain domain name, label.tld, in Unicode or A-label (xn--) form',
    examples: ['alice.crypto'],
  })
  name!: string;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export class AddressParams {
  @Matches(ADDRESS, { message: 'must be 0x and 40 hex digits' })
  @JSONSchema({ description: 'An EVM address, in any case', examples: ['0x8aad44321a86b170879d7a244c1e8d360c99dda8'] })
  address!: string;
}

export class OperationParams {
  @Matches(idPattern('operation'), { message: 'is not an operation id (op-<uuid>)' })
  @JSONSchema({ description: 'An operation id', examples: ['op-3b241101-e2bb-4255-8caf-4136c566a962'] })
  id!: string;
}

export class DependencyParams extends OperationParams {
  @Matches(idPattern('blockchainDependency', 'platformDependency'), {
    message: 'is not a dependency id (bc-<uuid> or plop_<uuid>)',
  })
  @JSONSchema({
    description: 'A dependency id of the operation',
    examples: ['bc-8f14e45f-ceea-467f-a8dd-4b1e0f3c5a21'],
  })
  dependencyId!: string;
}
