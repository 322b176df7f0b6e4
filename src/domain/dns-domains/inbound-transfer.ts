import { TransferIneligibility } from '../registry/registry-domain';
import { addYears } from '../registry/registry-periods';

/** Why a name cannot be transferred in, in the reference's vocabulary (`DomainDnsTransferInboundEligibility`). */
export const INBOUND_INELIGIBILITIES = [
  'REGISTRAR_LOCKED',
  'NOT_REGISTERED',
  'TRANSFER_DATE_NOT_REACHED',
  'INVALID_AUTHORIZATION',
  'ALREADY_TRANSFERRED',
  'INVALID_TLD_FOR_TRANSFER',
  'REGISTRY_UPDATE_PROHIBITED',
  'DOMAIN_EXPIRING_SOON',
] as const;
export type InboundIneligibility = (typeof INBOUND_INELIGIBILITIES)[number];

/**
 * The registry's reasons in the reference's words: a name held by this registrar already is `ALREADY_TRANSFERRED`,
 * one its registrar locked `REGISTRAR_LOCKED`, one within 60 days of a registration or transfer
 * `TRANSFER_DATE_NOT_REACHED`, one with a transfer pending `REGISTRY_UPDATE_PROHIBITED` (the registry takes no other
 * request for it), one past its grace period `DOMAIN_EXPIRING_SOON`.
 */
const REASON_OF: Readonly<Record<TransferIneligibility, InboundIneligibility>> = {
  NOT_REGISTERED: 'NOT_REGISTERED',
  SAME_REGISTRAR: 'ALREADY_TRANSFERRED',
  TRANSFER_PROHIBITED: 'REGISTRAR_LOCKED',
  PENDING_TRANSFER: 'REGISTRY_UPDATE_PROHIBITED',
  PENDING_DELETE: 'DOMAIN_EXPIRING_SOON',
  RECENTLY_REGISTERED: 'TRANSFER_DATE_NOT_REACHED',
  RECENTLY_TRANSFERRED: 'TRANSFER_DATE_NOT_REACHED',
  INVALID_AUTHORIZATION_CODE: 'INVALID_AUTHORIZATION',
};

export interface InboundEligibility {
  readonly isEligible: boolean;
  readonly reasons: readonly InboundIneligibility[];
  /** The name's expiry now, and after the transfer, which adds a year (`projectedExtensionPeriod`). */
  readonly expiresAt: number | null;
  readonly projectedExpiresAt: number | null;
  readonly extensionYears: 1;
}

/** Whether a name can be transferred in now: a TLD the service sells, and nothing the registry would refuse. */
export const inboundEligibilityOf = (facts: {
  readonly sold: boolean;
  readonly registry: readonly TransferIneligibility[];
  readonly expiresAt: number | null;
}): InboundEligibility => {
  const reasons = facts.sold
    ? [...new Set(facts.registry.map((reason) => REASON_OF[reason]))]
    : (['INVALID_TLD_FOR_TRANSFER'] as const);
  return {
    isEligible: reasons.length === 0,
    reasons,
    expiresAt: facts.expiresAt,
    projectedExpiresAt: facts.expiresAt === null ? null : addYears(facts.expiresAt, 1),
    extensionYears: 1,
  };
};
