import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { MAX_LISTING_PRICE_CENTS } from '../../../../domain/marketplace/listing-terms';
import { IfPresent } from '../../shared/validation';
import { NAME_LENGTH } from './action-bodies.dto';
import { DownPaymentPercentage, LEASE_TYPES, LeaseType, MonthlyPayments } from './lease-fields';

/**
 * The bodies of surface A's listing actions (`interface-spec.md` Surface A and Limits). What the bodies bound is
 * refused whole (400); what depends on the listing (offers only at a price of 0, a minimum above the price, an expiry
 * out of range) is told per listing, the others going on.
 */

const MAX_LISTINGS = 50;

const Cents = (what: string) =>
  applyDecorators(
    Min(0),
    Max(MAX_LISTING_PRICE_CENTS),
    IsInt(),
    IfPresent(),
    JSONSchema({ description: `${what}, in US cents (whole cents, at most ${MAX_LISTING_PRICE_CENTS})` }),
  );

const ExpiresAt = () =>
  applyDecorators(
    IfPresent(),
    IsString(),
    MaxLength(64),
    IsISO8601({ strict: true, strictSeparator: true }),
    JSONSchema({ description: 'When the listing ends, ISO 8601: 1 to 36500 days from now (default 90 days)' }),
  );

export class ListingSettings {
  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'Buyers may make offers (default true); a price of 0 lists for offers only' })
  isOfferFeatureEnabled?: boolean;

  @Cents('The lowest offer taken, no more than the price')
  minOfferAmountInCents?: number;

  @IfPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(NAME_LENGTH)
  @JSONSchema({ description: 'The name as the for-sale page shows it: the same name, in other letter case' })
  domainDisplayName?: string;
}

export class LeaseToOwnOffer {
  @LeaseType('Equal monthly payments, or a down payment then equal monthly payments')
  type!: (typeof LEASE_TYPES)[number];

  @MonthlyPayments('The most monthly payments a buyer may choose, 2 to 120')
  maxTermLength!: number;

  @DownPaymentPercentage('Percent of the price paid first, 10 to 90: required for the down-payment plan only')
  downPaymentPercentage?: number;
}

const Settings = () =>
  applyDecorators(
    IfPresent(),
    IsObject(),
    ValidateNested(),
    Type(() => ListingSettings),
  );

const EmailAlias = () =>
  applyDecorators(
    IfPresent(),
    IsBoolean(),
    JSONSchema({ description: "Accepted for the reference's clients; buyers reach the seller through leads only" }),
  );

/** What an item of a listing call may set, in a new listing or a change of one: left out, it is not changed. */
class ListingFields {
  @Cents('The buy-now price; 0 for offers only')
  priceInCents?: number;

  @ExpiresAt()
  expiresAt?: string;

  @EmailAlias()
  isEmailAliasUsed?: boolean;

  @Settings()
  listingSettings?: ListingSettings;
}

export class ListingCreateItem extends ListingFields {
  @IsString()
  @MinLength(1)
  @MaxLength(NAME_LENGTH)
  @JSONSchema({ description: "One of the user's domains, in Unicode or as its A-label (xn--)" })
  domainName!: string;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => LeaseToOwnOffer)
  @JSONSchema({ description: 'Lease-to-own: the buyer pays monthly, uses the name at once and owns it at the end' })
  leaseToOwnOptions?: LeaseToOwnOffer;
}

@JSONSchema({
  examples: [
    { domains: [{ domainName: 'sunrise.com', priceInCents: 250000 }] },
    { domains: [{ domainName: 'sunrise.com', priceInCents: 0, listingSettings: { minOfferAmountInCents: 50000 } }] },
  ],
})
export class ListingCreateBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LISTINGS)
  @ValidateNested({ each: true })
  @Type(() => ListingCreateItem)
  domains!: ListingCreateItem[];
}

const ListingId = () =>
  // in this order: the bounds' "number" is then made "integer" in the schema, as with the other counts
  applyDecorators(Min(1), Max(Number.MAX_SAFE_INTEGER), IsInt(), JSONSchema({ description: "A listing's id" }));

export class ListingUpdateItem extends ListingFields {
  @ListingId()
  id!: number;

  // null takes the lease off the listing
  @ValidateIf((_item: object, value: unknown) => value !== undefined && value !== null)
  @IsObject()
  @ValidateNested()
  @Type(() => LeaseToOwnOffer)
  // the schema made from the decorators says object: this one says null as well
  @JSONSchema(() => ({
    anyOf: [{ $ref: '#/components/schemas/LeaseToOwnOffer' }, { type: 'null' }],
    description: 'The lease-to-own plan now offered; null offers none',
  }))
  leaseToOwnOptions?: LeaseToOwnOffer | null;
}

@JSONSchema({ examples: [{ listings: [{ id: 48213, priceInCents: 199000 }] }] })
export class ListingUpdateBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LISTINGS)
  @ValidateNested({ each: true })
  @Type(() => ListingUpdateItem)
  listings!: ListingUpdateItem[];
}

@JSONSchema({ examples: [{ listingIds: [48213] }] })
export class ListingCancelBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LISTINGS)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(Number.MAX_SAFE_INTEGER, { each: true })
  @JSONSchema({ description: "The listings' ids (svc_listing_create's results, svc_portfolio_list's listing.id)" })
  listingIds!: number[];
}
