import { inboundEligibilityOf } from './inbound-transfer';

const expiresAt = Date.UTC(2027, 2, 1);

describe('inbound transfer eligibility', () => {
  it('is eligible when the registry has nothing against it, projecting a year more', () => {
    expect(inboundEligibilityOf({ sold: true, registry: [], expiresAt })).toEqual({
      isEligible: true,
      reasons: [],
      expiresAt,
      projectedExpiresAt: Date.UTC(2028, 2, 1),
      extensionYears: 1,
    });
  });

  it("says the registry's reasons in the reference's words, each once", () => {
    const { reasons } = inboundEligibilityOf({
      sold: true,
      registry: ['TRANSFER_PROHIBITED', 'RECENTLY_REGISTERED', 'RECENTLY_TRANSFERRED', 'INVALID_AUTHORIZATION_CODE'],
      expiresAt,
    });
    expect(reasons).toEqual(['REGISTRAR_LOCKED', 'TRANSFER_DATE_NOT_REACHED', 'INVALID_AUTHORIZATION']);
    expect(
      inboundEligibilityOf({ sold: true, registry: ['PENDING_TRANSFER', 'PENDING_DELETE'], expiresAt }),
    ).toMatchObject({ isEligible: false, reasons: ['REGISTRY_UPDATE_PROHIBITED', 'DOMAIN_EXPIRING_SOON'] });
    expect(inboundEligibilityOf({ sold: true, registry: ['SAME_REGISTRAR'], expiresAt }).reasons).toEqual([
      'ALREADY_TRANSFERRED',
    ]);
    expect(inboundEligibilityOf({ sold: true, registry: ['NOT_REGISTERED'], expiresAt: null })).toMatchObject({
      reasons: ['NOT_REGISTERED'],
      projectedExpiresAt: null,
    });
  });

  it('refuses a TLD the service does not sell without asking the registry', () => {
    expect(inboundEligibilityOf({ sold: false, registry: [], expiresAt: null })).toMatchObject({
      isEligible: false,
      reasons: ['INVALID_TLD_FOR_TRANSFER'],
    });
  });
});
