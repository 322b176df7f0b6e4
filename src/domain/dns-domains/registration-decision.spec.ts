/**
 * Equivalent mutants:
 * - the empty zone a registration's zone changes are checked against, `hosted: []` made `['Stryker was here']`: only
 *   a request to remove the hosting of that name could tell, and a sub name has no spaces (`subNameOf`).
 */
import { decidedOperation, zoneChangeOf } from '../../../test/support/operation-events';
import { decisionSpec, exactly, pastCreditLimit } from '../../../test/support/decision-spec';
import { billingDecider, BillingEvent } from '../billing/billing-account';
import { domainActivityDecider } from '../operations/domain-activity';
import { operationDecider } from '../operations/operation.decider';
import { DependencySpec } from '../operations/operation.events';
import { ConcurrentOperation, Refused } from '../shared/errors';
import { DnsAvailability } from './dns-availability';
import { dnsDomainDecider, DnsDomainEvent, DnsRegistrationRequested } from './dns-domain';
import { RegistrationFacts, RegistrationRequest, decideRegistration } from './registration-decision';
import { ZoneChangeRequest } from './zone-change-decision';

const at = Date.UTC(2026, 10, 23);
const name = { name: 'fresh.com', unicode: 'fresh.com', label: 'fresh', tld: 'com' };
const price = { type: 'STANDARD' as const, listPriceCents: 1299, subTotalCents: 2598 };
const available: DnsAvailability = {
  status: 'AVAILABLE',
  source: 'SERVICE',
  price,
  period: { min: 2, max: 5, increments: 1 },
};

const request: RegistrationRequest = {
  accountId: 'acc-1',
  operationId: 'op-1',
  at,
  preview: false,
  name,
  years: 2,
  owner: { new: false, contactId: 'con_owner' },
  contacts: {},
  locks: null,
  zone: null,
  contactDependencyId: 'plop_contact',
  registerDependencyId: 'plop_register',
  flagsDependencyId: 'plop_flags',
  transactionId: 'btx-1',
};
const facts: RegistrationFacts = {
  availability: available,
  transfer: null,
  price,
  creditLimitCents: 10_000,
  quoteValidityMs: 900_000,
};
const transfer = { sealedCode: 'sealed-code', ineligibility: [] };
const registering = (asked: Partial<RegistrationRequest> = {}, known: Partial<RegistrationFacts> = {}) => ({
  request: { ...request, ...asked },
  facts: { ...facts, ...known },
});

const register = (parameters: Partial<DependencySpec['parameters']> = {}): DependencySpec => ({
  id: 'plop_register',
  type: 'DOMAIN_REGISTER',
  parameters: { owner: { new: false, id: 'con_owner' }, contacts: {}, period: 2, ...parameters },
});
const { requested, started } = decidedOperation({
  operationId: 'op-1',
  accountId: 'acc-1',
  surface: 'reseller',
  type: 'DOMAIN_ADMIN_UPDATE',
  domain: 'fresh.com',
  quote: [{ type: 'CHARGE', reason: 'DOMAIN_REGISTRATION', amountCents: 2598 }],
  at,
});
const held = (more: Partial<DnsRegistrationRequested['data']> = {}): DnsRegistrationRequested => ({
  type: 'DnsRegistrationRequested',
  data: { name: 'fresh.com', operationId: 'op-1', accountId: 'acc-1', years: 2, priceCents: 2598, ...more, at },
});
const charged = (kind: BillingEvent['data']['kind'] = 'DOMAIN_REGISTRATION'): BillingEvent => ({
  type: 'ChargeRecorded',
  data: {
    accountId: 'acc-1',
    transactionId: 'btx-1',
    kind,
    amountCents: 2598,
    operationId: 'op-1',
    domain: 'fresh.com',
    at,
  },
});
const registeredBefore: DnsDomainEvent[] = [
  held({ operationId: 'op-0', accountId: 'acc-0' }),
  {
    type: 'DnsDomainRegistered',
    data: {
      name: 'fresh.com',
      operationId: 'op-0',
      accountId: 'acc-0',
      createdAt: at - 1,
      expiresAt: at + 1,
      sealedAuthorizationCode: 'sealed',
      at: at - 1,
    },
  },
];

const noZone = zoneChangeOf('fresh.com');

describe('deciding a registration', () => {
  const given = decisionSpec(
    {
      operation: operationDecider,
      activity: domainActivityDecider,
      domain: dnsDomainDecider,
      billing: billingDecider,
    },
    ({ request: asked, facts: known }: ReturnType<typeof registering>, states) =>
      decideRegistration(asked, known, states),
  );

  describe('a registration', () => {
    it('registers the name with a contact of the account, holds it, and charges its price', () =>
      given()
        .when(registering())
        .then({ operation: [requested([register()])], activity: [started()], domain: [held()], billing: [charged()] }));

    it('creates a new owner first, and assigns the other roles the account’s contacts', () =>
      given()
        .when(registering({ owner: { new: true, contactId: 'con_new' }, contacts: { admin: 'con_a', tech: 'con_t' } }))
        .then({
          operation: [
            requested([
              {
                id: 'plop_contact',
                type: 'CONTACT_CREATE',
                parameters: { purposes: ['OWNER'], contactId: 'con_new' },
              },
              register({
                owner: { new: true },
                contacts: { admin: { new: false, id: 'con_a' }, tech: { new: false, id: 'con_t' } },
              }),
            ]),
          ],
          activity: [started()],
          domain: [held()],
          billing: [charged()],
        }));

    it('makes its zone on the new name, then sets the flags asked for', () => {
      const zone: ZoneChangeRequest = {
        ...noZone,
        records: {
          create: [
            {
              id: 'rr-00000000-0000-4000-8000-000000000001',
              subName: 'www',
              type: 'A',
              values: ['192.0.2.1'],
              ttl: 300,
              upsert: 'DISALLOWED',
            },
          ],
          update: [],
          delete: [],
        },
        dnssec: true,
      };
      given()
        .when(registering({ zone, locks: { DNS_TRANSFER_OUT: false } }))
        .then({
          operation: [
            requested([
              register(),
              { id: 'plop_dnssec', type: 'DOMAIN_DNS_SECURITY_SET_DNSSEC', parameters: { domain: 'fresh.com' } },
              {
                id: 'plop_00000000-0000-4000-8000-000000000001',
                type: 'DNS_RECORD_CREATE',
                parameters: { subName: 'www', type: 'A', values: ['192.0.2.1'], ttl: 300, $upsert: 'DISALLOWED' },
              },
              { id: 'plop_flags', type: 'DOMAIN_FLAG_LOCK_UPDATE', parameters: { locks: { DNS_TRANSFER_OUT: false } } },
            ]),
          ],
          activity: [started()],
          domain: [held()],
          billing: [charged()],
        });
    });

    it('checks its zone against an empty, unsigned one on our nameservers', () => {
      given()
        .when(registering({ zone: { ...noZone, dnssec: false } }))
        .then({ operation: [requested([register()])], activity: [started()], domain: [held()], billing: [charged()] });
      given()
        .when(registering({ zone: { ...noZone, hosting: { subName: 'www', remove: true } } }))
        .thenThrows(Refused, { code: 'VALIDATION', message: exactly('www is not hosted'), context: {} });
    });

    it('registers for as few and as many years as its TLD allows', () => {
      given()
        .when(registering({ years: 5 }))
        .thenState({ operation: { dependencies: [{ parameters: { period: 5 } }] }, domain: { years: 5 } });
      given()
        .when(registering({ years: 2 }))
        .thenState({ operation: { dependencies: [{ parameters: { period: 2 } }] }, domain: { years: 2 } });
    });

    it('takes back a name the registry gives out again after it was registered here', () =>
      given({ domain: registeredBefore })
        .when(registering())
        .then({
          operation: [requested([register()])],
          activity: [started()],
          domain: [
            {
              type: 'DnsDomainReleased',
              data: { name: 'fresh.com', operationId: 'op-1', reason: 'PURGED', at },
            },
            held(),
          ],
          billing: [charged()],
        }));
  });

  describe('a transfer in', () => {
    it('asks the name of its registrar with the sealed code for a year, and charges a transfer', () =>
      given()
        .when(registering({ years: 1 }, { transfer, availability: { status: 'REGISTERED', source: 'SERVICE' } }))
        .then({
          operation: [
            requested([register({ period: 1 })], {
              quote: [{ type: 'CHARGE', reason: 'DOMAIN_TRANSFER', amountCents: 2598 }],
            }),
          ],
          activity: [started()],
          domain: [held({ years: 1, sealedTransferCode: 'sealed-code' })],
          billing: [charged('DOMAIN_TRANSFER')],
        }));

    it('takes back a name that was transferred out since it was registered here', () =>
      given({ domain: registeredBefore })
        .when(registering({ years: 1 }, { transfer }))
        .then({
          operation: [
            requested([register({ period: 1 })], {
              quote: [{ type: 'CHARGE', reason: 'DOMAIN_TRANSFER', amountCents: 2598 }],
            }),
          ],
          activity: [started()],
          domain: [
            {
              type: 'DnsDomainReleased',
              data: { name: 'fresh.com', operationId: 'op-1', reason: 'TRANSFERRED_OUT', at },
            },
            held({ years: 1, sealedTransferCode: 'sealed-code' }),
          ],
          billing: [charged('DOMAIN_TRANSFER')],
        }));
  });

  describe('its refusals', () => {
    it('refuses a name that is not available, with its status', () =>
      given()
        .when(registering({}, { availability: { status: 'REGISTERED', source: 'SERVICE' } }))
        .thenThrows(Refused, {
          code: 'NOT_AVAILABLE',
          message: exactly('fresh.com cannot be registered: it is REGISTERED'),
          context: { status: 'REGISTERED' },
        }));

    it('refuses a period outside its TLD’s', () => {
      const outside = {
        code: 'VALIDATION',
        message: exactly('dns.period: .com registers for 2 to 5 years'),
        context: {},
      } as const;
      given()
        .when(registering({ years: 1 }))
        .thenThrows(Refused, outside);
      given()
        .when(registering({ years: 6 }))
        .thenThrows(Refused, outside);
    });

    it('refuses a transfer its registrar would not give, with every reason', () =>
      given()
        .when(
          registering(
            { years: 1 },
            {
              transfer: { sealedCode: 'sealed-code', ineligibility: ['REGISTRAR_LOCKED', 'TRANSFER_DATE_NOT_REACHED'] },
            },
          ),
        )
        .thenThrows(Refused, {
          code: 'NOT_AVAILABLE',
          message: exactly('fresh.com cannot be transferred in: REGISTRAR_LOCKED, TRANSFER_DATE_NOT_REACHED'),
          context: { reasons: ['REGISTRAR_LOCKED', 'TRANSFER_DATE_NOT_REACHED'] },
        }));

    it('refuses a transfer for other than one year', () =>
      given()
        .when(registering({ years: 2 }, { transfer }))
        .thenThrows(Refused, {
          code: 'VALIDATION',
          message: exactly('dns.period: a transfer adds one year'),
          context: {},
        }));

    it('refuses a name another operation holds', () =>
      given({ activity: [started('op-0', 'acc-2')] })
        .when(registering())
        .thenThrows(ConcurrentOperation, {
          code: 'CONCURRENT_OPERATION',
          message: exactly('domain fresh.com has an unfinished operation'),
          context: { domain: 'fresh.com' },
        }));

    it('refuses a charge past the credit limit', () =>
      given({
        billing: [{ type: 'ChargeRecorded', data: { ...charged().data, transactionId: 'btx-0', amountCents: 8000 } }],
      })
        .when(registering())
        .thenThrows(Refused, pastCreditLimit(2598, 8000, 10_000)));

    it("paid by a user's order, charges nothing and names the order line on the operation, whatever the limit", () => {
      const paidBy = { orderId: 'ord-1', productId: 3 };
      given({
        billing: [{ type: 'ChargeRecorded', data: { ...charged().data, transactionId: 'btx-0', amountCents: 10_000 } }],
      })
        .when(registering({ paidBy }))
        .then({ operation: [requested([register()], { paidBy })], activity: [started()], domain: [held()] });
      given().when(registering({ paidBy })).thenState({ operation: { paidBy } });
    });
  });

  describe('a preview', () => {
    it('stores its operation alone, with its quote, valid until the quote expires', () =>
      given()
        .when(registering({ preview: true }))
        .then({ operation: [requested([register()], { preview: true, validUntil: at + 900_000 })] }));

    it('is refused exactly like the registration', () =>
      given({ activity: [started('op-0', 'acc-2')] })
        .when(registering({ preview: true }))
        .thenThrows(ConcurrentOperation, {
          code: 'CONCURRENT_OPERATION',
          message: exactly('domain fresh.com has an unfinished operation'),
          context: { domain: 'fresh.com' },
        }));
  });
});
