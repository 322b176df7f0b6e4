import { IsString, Matches, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Repeated } from '../shared/request-params';

/** Query and path parameters of surface D's routes (`decisions.md` §4); reseller-input checks names in depth. */

export const DOMAIN_EXPANSIONS = ['registration', 'flags'] as const;

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
