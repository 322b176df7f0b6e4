import { applyDecorators } from '@nestjs/common';
import { IsIn, IsInt, IsNumber, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IfPresent } from '../../shared/validation';

/**
 * The fields of a lease-to-own plan, as a listing offers it (`svc_listing_create`) and as a buyer picks it
 * (`svc_cart_add_domain_listed`): the bounds of `interface-spec.md`'s Limits, each with what it means there.
 */
export const LEASE_TYPES = ['equal_installments', 'down_payment_plus_equal_installments'] as const;

export const LeaseType = (description: string) => applyDecorators(IsIn([...LEASE_TYPES]), JSONSchema({ description }));

/** 2 to 120 monthly payments; in this order, the bounds' "number" is made "integer" in the schema. */
export const MonthlyPayments = (description: string) =>
  applyDecorators(Min(2), Max(120), IsInt(), JSONSchema({ description }));

export const DownPaymentPercentage = (description: string) =>
  applyDecorators(
    IfPresent(),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(10),
    Max(90),
    JSONSchema({ description }),
  );
