import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { IllegalTransition, NotFound, Refused } from '../shared/errors';
import {
  BACKORDER_EVENT_TYPES,
  BACKORDER_STATUSES,
  BackorderCommand,
  BackorderEvent,
  BackorderFailure,
  BackorderOutcome,
  backorderOf,
  backordersDecider,
  backordersOf,
  backordersStream,
  MAX_BACKORDERS_PER_NAME,
  openCountOf,
  runningOf,
} from './backorder';

const at = Date.UTC(2026, 10, 27);
const purgesAt = at + 5 * 86_400_000;
const name = 'sun.com';
const given = deciderSpec(backordersDecider);

const order = (backorderId = 1, accountId = `acc-${backorderId}`, cents: { price?: number; fee?: number } = {}) => ({
  name,
  backorderId,
  accountId,
  contactId: `con_${accountId}`,
  availableAfter: purgesAt,
  priceCents: cents.price ?? 1_200,
  serviceFeeCents: cents.fee ?? 6_900,
  at,
});
const placed = (backorderId = 1, accountId?: string): BackorderEvent => ({
  type: 'BackorderPlaced',
  data: order(backorderId, accountId),
});
const place = (backorderId = 1, accountId?: string, cents?: { price?: number; fee?: number }): BackorderCommand => ({
  type: 'PlaceBackorder',
  data: order(backorderId, accountId, cents),
});
const about = (backorderId: number) => ({ name, backorderId, at });
const cancelled = (id = 1): BackorderEvent => ({ type: 'BackorderCancelled', data: about(id) });
const won = (id = 1): BackorderEvent => ({ type: 'BackorderWon', data: about(id) });
const started = (id = 1, operationId = 'op-1'): BackorderEvent => ({
  type: 'BackorderRegistrationStarted',
  data: { ...about(id), operationId },
});
const succeeded = (id = 1): BackorderEvent => ({ type: 'BackorderSucceeded', data: about(id) });
const failed = (id = 1, reason: BackorderFailure = 'PAYMENT'): BackorderEvent => ({
  type: 'BackorderFailed',
  data: { ...about(id), reason, message: `${reason} refused` },
});
const lost = (id = 1): BackorderEvent => ({ type: 'BackorderLost', data: about(id) });

const cancel = (id = 1, accountId = `acc-${id}`): BackorderCommand => ({
  type: 'CancelBackorder',
  data: { ...about(id), accountId },
});
const release: BackorderCommand = { type: 'ReleaseName', data: { name, at } };
const close: BackorderCommand = { type: 'CloseBackorders', data: { name, at } };
const start = (id = 1, operationId = 'op-1'): BackorderCommand => ({
  type: 'StartBackorderRegistration',
  data: { ...about(id), operationId },
});
const record = (id = 1, outcome: BackorderOutcome = 'SUCCEEDED'): BackorderCommand => ({
  type: 'RecordBackorderOutcome',
  data: { ...about(id), outcome },
});
const failure = (reason: BackorderFailure = 'PAYMENT'): BackorderOutcome => ({
  failure: reason,
  message: `${reason} refused`,
});

const refused = (code: 'CONFLICT' | 'VALIDATION' | 'EXCEEDS_LIMIT', message: string) => ({
  code,
  message: exactly(message),
  context: {},
});
const illegal = (message: string) => ({ code: 'ILLEGAL_TRANSITION' as const, message: exactly(message), context: {} });
const notFound = (id: number) => ({
  code: 'NOT_FOUND' as const,
  message: exactly(`backorder ${id} was not found`),
  context: { id: String(id) },
});
const queue = (count: number) => Array.from({ length: count }, (_, index) => placed(index + 1));

describe("a name's backorders", () => {
  it('are a stream per name, none at first, with the reference’s statuses', () => {
    expect(backordersStream(name)).toBe('backorders-sun.com');
    given().thenState({ backorders: [] });
    expect(BACKORDER_STATUSES).toEqual([
      'pending',
      'cancelled',
      'in-progress',
      'registration-pending',
      'completed-success',
      'completed-not-available',
      'completed-payment-failed',
      'completed-user-contact-invalid',
      'failed',
    ]);
    expect(MAX_BACKORDERS_PER_NAME).toBe(100);
  });

  describe('placed', () => {
    it('wait in the order they were placed', () => {
      given().when(place()).then(placed());
      given(placed()).when(place(2)).then(placed(2));
      given(placed(), placed(2)).thenState({
        backorders: [
          {
            backorderId: 1,
            accountId: 'acc-1',
            contactId: 'con_acc-1',
            availableAfter: purgesAt,
            priceCents: 1_200,
            serviceFeeCents: 6_900,
            placedAt: at,
            status: 'pending',
            operationId: null,
            failure: null,
          },
          { backorderId: 2, accountId: 'acc-2', status: 'pending' },
        ],
      });
    });

    it('are one per account while it waits or runs, and again once it is over', () => {
      const already = refused('CONFLICT', 'sun.com is backordered by this account already (backorder 1)');
      given(placed()).when(place(2, 'acc-1')).thenThrows(Refused, already);
      given(placed(), won()).when(place(2, 'acc-1')).thenThrows(Refused, already);
      given(placed(), won(), started()).when(place(2, 'acc-1')).thenThrows(Refused, already);
      given(placed(), cancelled()).when(place(2, 'acc-1')).then(placed(2, 'acc-1'));
      given(placed(), won(), failed()).when(place(2, 'acc-1')).then(placed(2, 'acc-1'));
    });

    it('refuses an id used already on the name', () =>
      given(placed(), cancelled())
        .when(place(1, 'acc-9'))
        .thenThrows(Refused, refused('CONFLICT', 'backorder 1 exists already')));

    it('costs whole cents, 0 or more', () => {
      const price = refused('VALIDATION', 'priceCents: whole cents, 0 or more');
      const fee = refused('VALIDATION', 'serviceFeeCents: whole cents, 0 or more');
      given()
        .when(place(1, 'acc-1', { price: -1 }))
        .thenThrows(Refused, price);
      given()
        .when(place(1, 'acc-1', { price: 12.5 }))
        .thenThrows(Refused, price);
      given()
        .when(place(1, 'acc-1', { fee: -1 }))
        .thenThrows(Refused, fee);
      given()
        .when(place(1, 'acc-1', { fee: 0.5 }))
        .thenThrows(Refused, fee);
      given()
        .when(place(1, 'acc-1', { price: 0, fee: 0 }))
        .then({ type: 'BackorderPlaced', data: order(1, 'acc-1', { price: 0, fee: 0 }) });
    });

    it(`are at most ${MAX_BACKORDERS_PER_NAME} waiting on a name`, () => {
      given(...queue(99))
        .when(place(100))
        .then(placed(100));
      given(...queue(100))
        .when(place(101))
        .thenThrows(Refused, refused('EXCEEDS_LIMIT', 'sun.com has 100 backorders waiting, the most it takes'));
      given(...queue(100), cancelled(7))
        .when(place(101))
        .then(placed(101));
    });
  });

  describe('cancelled', () => {
    it('by their own account while they wait, once', () => {
      given(placed(), placed(2)).when(cancel()).then(cancelled());
      given(placed(), placed(2), cancelled()).thenState({
        backorders: [{ status: 'cancelled' }, { status: 'pending' }],
      });
      given(placed(), cancelled()).when(cancel()).thenNothing();
    });

    it('are told like unknown ones to another account', () => {
      given(placed()).when(cancel(1, 'acc-2')).thenThrows(NotFound, notFound(1));
      given(placed()).when(cancel(2)).thenThrows(NotFound, notFound(2));
    });

    it('no longer once they won', () => {
      given(placed(), won())
        .when(cancel())
        .thenThrows(Refused, refused('CONFLICT', 'backorder 1 is in-progress, it can no longer be cancelled'));
      given(placed(), won(), succeeded())
        .when(cancel())
        .thenThrows(Refused, refused('CONFLICT', 'backorder 1 is completed-success, it can no longer be cancelled'));
    });
  });

  describe('when the registry releases the name', () => {
    it('let the earliest still waiting win it', () => {
      given(placed(), placed(2), placed(3), cancelled()).when(release).then(won(2));
      given(placed(), placed(2), won()).thenState({ backorders: [{ status: 'in-progress' }, { status: 'pending' }] });
    });

    it('change nothing when none waits, or when told twice', () => {
      given().when(release).thenNothing();
      given(placed(), cancelled()).when(release).thenNothing();
      given(placed(), placed(2), won()).when(release).thenNothing();
      given(placed(), placed(2), won(), started()).when(release).thenNothing();
    });
  });

  describe("the winner's registration", () => {
    it('starts once, by one operation', () => {
      given(placed(), won()).when(start()).then(started());
      given(placed(), placed(2), won(), started()).thenState({
        backorders: [{ status: 'registration-pending', operationId: 'op-1' }, { operationId: null }],
      });
      given(placed(), won(), started()).when(start()).thenNothing();
      given(placed(), won(), started())
        .when(start(1, 'op-2'))
        .thenThrows(
          IllegalTransition,
          illegal('backorder 1 is registration-pending: its registration by op-2 cannot start'),
        );
    });

    it('starts for the running winner only', () => {
      given(placed())
        .when(start())
        .thenThrows(IllegalTransition, illegal('backorder 1 is pending: its registration by op-1 cannot start'));
      given(placed(), won(), succeeded())
        .when(start())
        .thenThrows(
          IllegalTransition,
          illegal('backorder 1 is completed-success: its registration by op-1 cannot start'),
        );
      given(placed(), won())
        .when(start(2))
        .thenThrows(IllegalTransition, illegal('backorder 2 is not placed: its registration by op-1 cannot start'));
    });

    it('succeeded, gives the name to the winner, and none to the others waiting', () => {
      const history = [placed(), placed(2), placed(3), cancelled(3), placed(4), won()];
      given(...history)
        .when(record())
        .then(succeeded(), lost(2), lost(4));
      given(...history, started())
        .when(record())
        .then(succeeded(), lost(2), lost(4));
      given(...history, succeeded(), lost(2), lost(4)).thenState({
        backorders: [
          { status: 'completed-success' },
          { status: 'completed-not-available' },
          { status: 'cancelled' },
          { status: 'completed-not-available' },
        ],
      });
      given(...history, succeeded(), lost(2), lost(4))
        .when(record())
        .thenNothing();
    });

    it.each([
      ['PAYMENT', 'completed-payment-failed'],
      ['CONTACT', 'completed-user-contact-invalid'],
      ['OTHER', 'failed'],
    ] as const)('failed on %s, is %s and lets the next in line win', (reason, status) => {
      given(placed(), placed(2), cancelled(2), placed(3), placed(4), won(), started())
        .when(record(1, failure(reason)))
        .then(failed(1, reason), won(3));
      given(placed(), won(), failed(1, reason)).thenState({
        backorders: [{ status, failure: `${reason} refused`, operationId: null }],
      });
    });

    it('failed, changes nothing more when none waits, or when told twice', () => {
      given(placed(), won()).when(record(1, failure())).then(failed());
      given(placed(), placed(2), won(), failed(), won(2)).when(record(1, failure())).thenNothing();
      given(placed(), won(), failed(1, 'OTHER'))
        .when(record(1, failure('OTHER')))
        .thenNothing();
    });

    it('has its outcome recorded only while it runs', () => {
      given(placed())
        .when(record())
        .thenThrows(IllegalTransition, illegal('backorder 1 is pending: it has no outcome to record'));
      given(placed(), won(), failed())
        .when(record())
        .thenThrows(IllegalTransition, illegal('backorder 1 is completed-payment-failed: it has no outcome to record'));
      given(placed(), won(), succeeded())
        .when(record(1, failure()))
        .thenThrows(IllegalTransition, illegal('backorder 1 is completed-success: it has no outcome to record'));
      given(placed(), placed(2), won())
        .when(record(2))
        .thenThrows(IllegalTransition, illegal('backorder 2 is pending: it has no outcome to record'));
      given()
        .when(record(3))
        .thenThrows(IllegalTransition, illegal('backorder 3 is not placed: it has no outcome to record'));
    });
  });

  it('are all lost when the name goes elsewhere, save the one running', () => {
    given(placed(), placed(2), cancelled(2), placed(3)).when(close).then(lost(1), lost(3));
    given(placed(), placed(2), won()).when(close).then(lost(2));
    given(placed(), won(), succeeded()).when(close).thenNothing();
  });

  it("tell one backorder, an account's, how many wait, and the one running", () => {
    const state = fold(backordersDecider, [placed(), placed(2), placed(3, 'acc-1'), cancelled(), placed(4)]);
    expect(backorderOf(state, 2)).toMatchObject({ backorderId: 2, accountId: 'acc-2' });
    expect(backorderOf(state, 5)).toBeNull();
    expect(backordersOf(state, 'acc-1').map(({ backorderId }) => backorderId)).toEqual([1, 3]);
    expect(backordersOf(state, 'acc-9')).toEqual([]);
    expect(openCountOf(state)).toBe(3);
    expect(runningOf(state)).toBeNull();
    const running = fold(backordersDecider, [placed(), placed(2), won(2), started(2)]);
    expect(runningOf(running)).toMatchObject({ backorderId: 2, status: 'registration-pending' });
    expect(openCountOf(running)).toBe(1);
    expect(runningOf(fold(backordersDecider, [placed(), placed(2), won(2)]))).toMatchObject({ backorderId: 2 });
  });

  it('tell their subscribers about every event they record', () => {
    const decided = (history: BackorderEvent[], command: BackorderCommand) =>
      backordersDecider.decide(command, fold(backordersDecider, history));
    const recorded = new Set(
      [
        ...decided([], place()),
        ...decided([placed()], cancel()),
        ...decided([placed(), placed(2)], release),
        ...decided([placed(), won()], start()),
        ...decided([placed(), placed(2), won()], record()),
        ...decided([placed(), won()], record(1, failure())),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(BACKORDER_EVENT_TYPES.length);
    expect(new Set(BACKORDER_EVENT_TYPES)).toEqual(recorded);
  });

  it('fail loudly on a command or an event of a newer version', () => {
    const none = backordersDecider.initialState();
    expect(() => backordersDecider.decide({ type: 'AuctionBackorders' } as never, none)).toThrow(/unexpected/);
    expect(() => fold(backordersDecider, [{ type: 'BackorderAuctioned', data: about(1) } as never])).toThrow(
      /unexpected/,
    );
  });
});
