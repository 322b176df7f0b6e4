/**
 * The EPP result codes the sandbox registry answers a refused command with (RFC 5730 §3), so that an adapter that
 * speaks EPP to a real registry can hand the callers the same refusals.
 */
export const EPP_RESULTS = {
  PARAMETER_VALUE_RANGE: 2004,
  OBJECT_NOT_ELIGIBLE_FOR_TRANSFER: 2106,
  AUTHORIZATION_ERROR: 2201,
  INVALID_AUTHORIZATION_INFO: 2202,
  OBJECT_PENDING_TRANSFER: 2300,
  OBJECT_NOT_PENDING_TRANSFER: 2301,
  OBJECT_EXISTS: 2302,
  OBJECT_DOES_NOT_EXIST: 2303,
  OBJECT_STATUS_PROHIBITS_OPERATION: 2304,
  PARAMETER_VALUE_POLICY: 2306,
} as const;
export type EppResult = keyof typeof EPP_RESULTS;

/**
 * A registry's refusal: not a surface's error but the upstream's answer, which the application turns into the
 * surface's code (an existing name is `NOT_AVAILABLE`, a wrong authorization code a reason of ineligibility...).
 */
export class RegistryRefused extends Error {
  readonly code: number;

  constructor(
    readonly result: EppResult,
    message: string,
  ) {
    super(`${EPP_RESULTS[result]} ${message}`);
    this.name = new.target.name;
    this.code = EPP_RESULTS[result];
  }
}
