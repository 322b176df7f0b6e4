import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CART_MAX_LINES } from '../../../../domain/commerce/cart';
import { CART_MAX_YEARS } from '../../../../domain/commerce/cart-offers';
import { idPattern } from '../../../../domain/shared/ids';
import { IfPresent } from '../../shared/validation';
import { MAX_COUNT, NAME_LENGTH } from './action-bodies.dto';
import { DownPaymentPercentage, LEASE_TYPES, LeaseType, MonthlyPayments } from './lease-fields';

/**
 * The bodies of surface A's cart actions (`interface-spec.md` Surface A and Limits). Where the spec gives no upper
 * bound, the cart's own is used: a registration call may fill the cart (100 lines), a removal may empty it.
 */

/** Codes are 3 to 32 characters; a longer one is refused as unknown, not as malformed, up to this. */
const CODE_LENGTH = 64;

export const DomainName = () =>
  applyDecorators(
    IsString(),
    MinLength(1),
    MaxLength(NAME_LENGTH),
    JSONSchema({ description: 'A full domain name, in Unicode or as its A-label (xn--)' }),
  );

const Years = () =>
  applyDecorators(
    // applied in this order: the bounds' "number" is then made "integer" in the schema, as stacked decorators do
    Min(1),
    Max(CART_MAX_YEARS),
    IsInt(),
    IfPresent(),
    JSONSchema({ description: 'Years, 1 to 10 within what the registry allows for the name (default 1)' }),
  );

export const Lines = (item: () => new () => object, max: number) =>
  applyDecorators(IsArray(), ArrayMinSize(1), ArrayMaxSize(max), ValidateNested({ each: true }), Type(item));

const DiscountCode = () =>
  applyDecorators(
    IfPresent(),
    IsString(),
    MinLength(1),
    MaxLength(CODE_LENGTH),
    JSONSchema({ description: 'A promo code to price the cart with; one that does not apply is refused with why' }),
  );

/** A card to pay with: a saved card's id, or a processor token saved first. */
const PaymentMethodId = (use: string) =>
  applyDecorators(
    IfPresent(),
    IsString(),
    MinLength(1),
    MaxLength(255),
    JSONSchema({
      description: `A saved card's id (svc_cart_get_payment_methods), or a card processor PaymentMethod id (in the sandbox, Stripe's test ids such as pm_card_visa): ${use}`,
    }),
  );

export class CartGetBody {
  @DiscountCode()
  discountCode?: string;
}

export class RegistrationLine {
  @DomainName()
  name!: string;

  @IfPresent()
  @IsIn(['Domain'])
  @JSONSchema({ description: 'What is bought: `Domain`, a fresh registration (the only product of this action)' })
  productType?: 'Domain';

  @Years()
  quantity?: number;
}

@JSONSchema({ examples: [{ domains: [{ name: 'brightpath.ai', quantity: 2 }] }] })
export class CartAddRegistrationBody {
  @Lines(() => RegistrationLine, CART_MAX_LINES)
  domains!: RegistrationLine[];
}

export class MarketplaceLine {
  @DomainName()
  name!: string;
}

@JSONSchema({ examples: [{ domains: [{ name: 'sunrise.com' }] }] })
export class CartAddMarketplaceBody {
  @Lines(() => MarketplaceLine, 50)
  domains!: MarketplaceLine[];
}

export class LeaseToOwnChoice {
  @LeaseType("One of the listing's plans: equal monthly payments, or a down payment then equal ones")
  type!: (typeof LEASE_TYPES)[number];

  @MonthlyPayments("Monthly payments (after any down payment), 2 to 120 within the listing's most")
  termLength!: number;

  @DownPaymentPercentage("Percent paid first, 10 to 90: the listing's own, for the down-payment plan only")
  downPaymentPercentage?: number;
}

export class ListedLine {
  @DomainName()
  name!: string;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => LeaseToOwnChoice)
  @JSONSchema({ description: "Lease to own on one of the listing's plans; omit to buy at once" })
  leaseToOwnOptions?: LeaseToOwnChoice;
}

@JSONSchema({
  examples: [
    { domains: [{ name: 'sunrise.com' }] },
    { domains: [{ name: 'sunrise.com', leaseToOwnOptions: { type: 'equal_installments', termLength: 12 } }] },
  ],
})
export class CartAddListedBody {
  @Lines(() => ListedLine, 50)
  domains!: ListedLine[];
}

export class RenewalLine {
  @DomainName()
  name!: string;

  @Years()
  quantity?: number;
}

@JSONSchema({ examples: [{ domains: [{ name: 'coffee.com', quantity: 1 }] }] })
export class CartAddRenewalBody {
  @Lines(() => RenewalLine, 50)
  domains!: RenewalLine[];
}

@JSONSchema({ examples: [{ productIds: [1, 3] }] })
export class CartRemoveBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CART_MAX_LINES)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_COUNT, { each: true })
  @JSONSchema({
    description: "Product ids of the cart's lines (svc_cart_get's items); ids not in the cart are ignored",
  })
  productIds!: number[];
}

@JSONSchema({ examples: [{ paymentMethodId: 'pm_card_visa' }, { useAccountBalance: true, discountCode: 'WELCOME10' }] })
export class CheckoutBody {
  @PaymentMethodId('required when the balance and credits do not cover the total')
  paymentMethodId?: string;

  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'Spend the account balance first (default true)' })
  useAccountBalance?: boolean;

  @DiscountCode()
  discountCode?: string;

  @IfPresent()
  @IsString()
  @Matches(idPattern('contact'), { message: 'must be a contact id (con_<uuid>) from svc_contacts_list' })
  @JSONSchema({ description: "The registrant: one of the user's contacts (default: the most recent one)" })
  contactId?: string;
}

@JSONSchema({ examples: [{ action: 'enable', domains: [{ name: 'coffee.com' }], paymentMethodId: 'pm_card_visa' }] })
export class AutoRenewalUpdateBody {
  @IsIn(['enable', 'disable'])
  @JSONSchema({ description: 'enable: renew each name before it expires; disable: let it expire' })
  action!: 'enable' | 'disable';

  @Lines(() => MarketplaceLine, 50)
  domains!: MarketplaceLine[];

  @PaymentMethodId(
    'the card a renewal is charged to when the balance and credits do not cover it (default: the latest saved card)',
  )
  paymentMethodId?: string;
}
