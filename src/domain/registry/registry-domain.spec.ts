import { fold } from '../shared/decider';
import {
  asOf,
  dueEventsAt,
  eppStatusesAt,
  evolve,
  inAddGrace,
  isLive,
  phaseAt,
  purgeAtOf,
  RegisteredName,
  registeredOf,
  RegistryDomain,
  transferIneligibilityAt,
} from './registry-domain';
import { RegistryDomainEvent } from './registry-domain.events';

// Equivalent mutant: `transferIneligibilityAt`'s `transferredAt !== null` → `true`: for a name never
// transferred, `null + TRANSFER_LOCK_MS` is a lock that ended in 1970.

const day = 86_400_000;
const at = Date.UTC(2026, 0, 15, 12);
const expiresAt = Date.UTC(2027, 0, 15, 12);
const name = 'example.com';
const us = 'domain-engine';
const them = 'other-registrar';
const contacts = { registrant: 'c-1', admin: 'c-1', tech: 'c-2', billing: 'c-1' };
const nameservers = ['ns1.domain-engine.test', 'ns2.domain-engine.test'];

const created: RegistryDomainEvent = {
  type: 'RegistryDomainCreated',
  data: { name, sponsor: us, expiresAt, authInfoDigest: 'digest-1', contacts, nameservers, at },
};
const updated = (
  when: number,
  change: Partial<Extract<RegistryDomainEvent, { type: 'RegistryDomainUpdated' }>['data']>,
) =>
  ({
    type: 'RegistryDomainUpdated',
    data: { name, clientStatuses: [], contacts, nameservers, authInfoDigest: 'digest-1', at: when, ...change },
  }) as RegistryDomainEvent;
const transferRequested = (when: number): RegistryDomainEvent => ({
  type: 'RegistryTransferRequested',
  data: { name, gainingSponsor: them, years: 1, autoApproveAt: when + 5 * day, at: when },
});
const approved = (when: number, expiry = Date.UTC(2028, 0, 15, 12)): RegistryDomainEvent => ({
  type: 'RegistryTransferApproved',
  data: { name, sponsor: them, expiresAt: expiry, automatically: false, at: when },
});
const deleted = (when: number): RegistryDomainEvent => ({ type: 'RegistryDomainDeleted', data: { name, at: when } });
const stateAfter = (...events: RegistryDomainEvent[]): RegistryDomain => fold({ initialState: none, evolve }, events);
const heldAfter = (...events: RegistryDomainEvent[]) => stateAfter(...events) as RegisteredName;
function none(): RegistryDomain {
  return { status: 'NONE' };
}

describe('a name at the registry', () => {
  describe('its phases', () => {
    const held = heldAfter(created);

    it.each([
      [expiresAt - 1, 'ACTIVE'],
      [expiresAt, 'AUTO_RENEW_GRACE'],
      [expiresAt + 45 * day - 1, 'AUTO_RENEW_GRACE'],
      [expiresAt + 45 * day, 'REDEMPTION'],
      [expiresAt + 75 * day - 1, 'REDEMPTION'],
      [expiresAt + 75 * day, 'PENDING_DELETE'],
      [expiresAt + 80 * day - 1, 'PENDING_DELETE'],
      [expiresAt + 80 * day, 'PURGED'],
    ])('at %d is %s', (when, phase) => expect(phaseAt(held, when)).toBe(phase));

    it('start redemption at a deletion, and purge 35 days after', () => {
      const removed = heldAfter(created, deleted(at + 10 * day));
      expect(phaseAt(removed, at + 10 * day - 1)).toBe('ACTIVE');
      expect(phaseAt(removed, at + 10 * day)).toBe('REDEMPTION');
      expect(phaseAt(removed, at + 40 * day)).toBe('PENDING_DELETE');
      expect(purgeAtOf(removed)).toBe(at + 45 * day);
      expect(purgeAtOf(held)).toBe(expiresAt + 80 * day);
    });

    it('let the sponsor act while active or in the auto-renew grace only', () =>
      expect((['ACTIVE', 'AUTO_RENEW_GRACE', 'REDEMPTION', 'PENDING_DELETE', 'PURGED'] as const).map(isLive)).toEqual([
        true,
        true,
        false,
        false,
        false,
      ]));

    it('hold the add grace for five days after creation', () => {
      expect(inAddGrace(held, at + 5 * day - 1)).toBe(true);
      expect(inAddGrace(held, at + 5 * day)).toBe(false);
    });
  });

  describe('its EPP statuses', () => {
    const held = heldAfter(created);

    it('follow its phase', () => {
      expect(eppStatusesAt(held, at)).toEqual(['addPeriod']);
      expect(eppStatusesAt(held, at + 5 * day)).toEqual(['ok']);
      expect(eppStatusesAt(held, expiresAt)).toEqual(['autoRenewPeriod']);
      expect(eppStatusesAt(held, expiresAt + 45 * day)).toEqual(['pendingDelete', 'redemptionPeriod']);
      expect(eppStatusesAt(held, expiresAt + 75 * day)).toEqual(['pendingDelete']);
    });

    it('put the client statuses first, then the name’s own', () =>
      expect(
        eppStatusesAt(
          heldAfter(created, updated(at, { clientStatuses: ['clientHold'], nameservers: [] }), transferRequested(at)),
          at,
        ),
      ).toEqual(['clientHold', 'inactive', 'pendingTransfer', 'addPeriod']));
  });

  describe('its transfer', () => {
    const request = { gainingSponsor: them, authInfoDigest: 'digest-1' };
    const unlocked = at + 60 * day;

    it('is open to another registrar with the code, 60 days after creation', () => {
      expect(transferIneligibilityAt(heldAfter(created), request, unlocked)).toEqual([]);
      expect(transferIneligibilityAt(heldAfter(created), request, unlocked - 1)).toEqual(['RECENTLY_REGISTERED']);
    });

    it('names every reason it cannot start', () => {
      expect(
        transferIneligibilityAt(
          heldAfter(created, updated(at, { clientStatuses: ['clientTransferProhibited'] }), transferRequested(at)),
          { gainingSponsor: us, authInfoDigest: 'wrong' },
          at + day,
        ),
      ).toEqual([
        'SAME_REGISTRAR',
        'TRANSFER_PROHIBITED',
        'PENDING_TRANSFER',
        'RECENTLY_REGISTERED',
        'INVALID_AUTHORIZATION_CODE',
      ]);
      expect(transferIneligibilityAt(heldAfter(created, deleted(unlocked)), request, unlocked)).toEqual([
        'PENDING_DELETE',
      ]);
    });

    it('is closed for 60 days after a transfer', () => {
      const moved = heldAfter(created, transferRequested(unlocked), approved(unlocked + day));
      const back = { gainingSponsor: us, authInfoDigest: 'digest-1' };
      expect(transferIneligibilityAt(moved, back, unlocked + 61 * day - 1)).toEqual(['RECENTLY_TRANSFERRED']);
      expect(transferIneligibilityAt(moved, back, unlocked + 61 * day)).toEqual([]);
    });

    it('is not for a name that is not registered', () =>
      expect(transferIneligibilityAt(none(), request, at)).toEqual(['NOT_REGISTERED']));
  });

  describe('what time alone does', () => {
    it('approves a transfer left unanswered, when it was due, adding its years', () => {
      const pending = stateAfter(created, transferRequested(unlockedAt()));
      expect(dueEventsAt(pending, name, unlockedAt() + 5 * day - 1)).toEqual([]);
      expect(dueEventsAt(pending, name, unlockedAt() + 5 * day)).toEqual([
        {
          type: 'RegistryTransferApproved',
          data: {
            name,
            sponsor: them,
            expiresAt: Date.UTC(2028, 0, 15, 12),
            automatically: true,
            at: unlockedAt() + 5 * day,
          },
        },
      ]);
    });

    it('purges a name at the end of pending delete, dated then', () => {
      const held = stateAfter(created);
      expect(dueEventsAt(held, name, expiresAt + 80 * day - 1)).toEqual([]);
      expect(dueEventsAt(held, name, expiresAt + 90 * day)).toEqual([
        { type: 'RegistryDomainPurged', data: { name, reason: 'PENDING_DELETE_ENDED', at: expiresAt + 80 * day } },
      ]);
    });

    it('approves a transfer before it purges, so that the added years count', () => {
      const late = expiresAt + 70 * day;
      const pending = stateAfter(created, transferRequested(late));
      expect(dueEventsAt(pending, name, expiresAt + 80 * day).map((event) => event.type)).toEqual([
        'RegistryTransferApproved',
      ]);
      expect(dueEventsAt(pending, name, Date.UTC(2028, 3, 15, 12)).map((event) => event.type)).toEqual([
        'RegistryTransferApproved',
        'RegistryDomainPurged',
      ]);
    });

    it('does nothing to a name that is not registered', () => {
      expect(dueEventsAt(none(), name, expiresAt + 90 * day)).toEqual([]);
      expect(asOf(none(), name, expiresAt + 90 * day)).toEqual({ status: 'NONE' });
    });

    it('shows the name as of now', () => {
      expect(asOf(stateAfter(created), name, expiresAt + 80 * day)).toEqual({ status: 'NONE' });
      expect(asOf(stateAfter(created, transferRequested(unlockedAt())), name, unlockedAt() + 5 * day)).toMatchObject({
        sponsor: them,
        transfer: null,
        transferredAt: unlockedAt() + 5 * day,
      });
    });
  });

  describe('its record', () => {
    it('starts with no client status, DS record, deletion or transfer', () =>
      expect(stateAfter(created)).toEqual({
        status: 'REGISTERED',
        sponsor: us,
        createdAt: at,
        updatedAt: at,
        expiresAt,
        transferredAt: null,
        deletedAt: null,
        clientStatuses: [],
        contacts,
        nameservers,
        ds: [],
        authInfoDigest: 'digest-1',
        transfer: null,
      }));

    it('keeps what an update sets, with no DS records when an older update named none', () => {
      const ds = [{ keyTag: 1, algorithm: 13, digestType: 2, digest: 'ab'.repeat(32) }];
      expect(
        stateAfter(created, updated(at + day, { clientStatuses: ['clientHold'], authInfoDigest: 'digest-2', ds })),
      ).toMatchObject({ clientStatuses: ['clientHold'], authInfoDigest: 'digest-2', ds, updatedAt: at + day });
      expect(stateAfter(created, updated(at + day, { ds }), updated(at + 2 * day, {}))).toMatchObject({ ds: [] });
    });

    it('renews, deletes, restores and transfers, each dated', () => {
      const renewed: RegistryDomainEvent = {
        type: 'RegistryDomainRenewed',
        data: { name, expiresAt: expiresAt + 365 * day, years: 1, at: at + day },
      };
      expect(stateAfter(created, renewed)).toMatchObject({ expiresAt: expiresAt + 365 * day, updatedAt: at + day });
      expect(stateAfter(created, transferRequested(at), deleted(at + day))).toMatchObject({
        deletedAt: at + day,
        transfer: null,
        updatedAt: at + day,
      });
      const restored: RegistryDomainEvent = {
        type: 'RegistryDomainRestored',
        data: { name, expiresAt: expiresAt + 365 * day, at: at + 2 * day },
      };
      expect(stateAfter(created, deleted(at + day), restored)).toMatchObject({
        deletedAt: null,
        expiresAt: expiresAt + 365 * day,
        updatedAt: at + 2 * day,
      });
      expect(stateAfter(created, transferRequested(at))).toMatchObject({
        transfer: { gainingSponsor: them, years: 1, requestedAt: at, autoApproveAt: at + 5 * day },
      });
      expect(
        stateAfter(created, updated(at, { clientStatuses: ['clientHold'] }), transferRequested(at), approved(at + day)),
      ).toMatchObject({
        sponsor: them,
        expiresAt: Date.UTC(2028, 0, 15, 12),
        transferredAt: at + day,
        clientStatuses: [],
        transfer: null,
        updatedAt: at + day,
      });
      const rejected: RegistryDomainEvent = { type: 'RegistryTransferRejected', data: { name, at: at + day } };
      expect(stateAfter(created, transferRequested(at), rejected)).toMatchObject({
        sponsor: us,
        transfer: null,
        updatedAt: at + day,
      });
    });

    it('is gone once purged', () => {
      const purged: RegistryDomainEvent = {
        type: 'RegistryDomainPurged',
        data: { name, reason: 'ADD_GRACE_DELETE', at },
      };
      expect(stateAfter(created, purged)).toEqual({ status: 'NONE' });
      expect(registeredOf(stateAfter(created, purged))).toBeUndefined();
      expect(registeredOf(stateAfter(created))).toMatchObject({ sponsor: us });
    });

    it('fails loudly on an event for a name that is not registered, or of a newer version', () => {
      expect(() => stateAfter(deleted(at))).toThrow('registry event for a name that is not registered');
      expect(() => stateAfter(created, { type: 'RegistryDomainLocked', data: {} } as never)).toThrow(
        /unexpected value/,
      );
    });
  });
});

function unlockedAt(): number {
  return at + 60 * day;
}
