import { SetMetadata } from '@nestjs/common';

export const IDEMPOTENT = 'domain-engine:idempotent';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * A route that charges or starts an operation: it takes an `Idempotency-Key` header, and the same request sent again
 * with it is answered as the first was, without acting twice (`IdempotencyInterceptor`, docs/http.md).
 */
export const Idempotent = () => SetMetadata(IDEMPOTENT, true);

/** 1 to 255 printable ASCII characters, as the header is defined for the service. */
export const isIdempotencyKey = (value: string): boolean => /^[\x20-\x7e]{1,255}$/.test(value);
