import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { IllegalTransition, NotFound, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * The backorders of a name the registry is deleting (the reference's `svc_backorder_*`), one stream per name: each
 * asks to register the name the moment the registry purges it. First come, first served: when the name is released
 * the earliest pending backorder wins it and registers it; if that registration fails, the next in line wins, so the
 * name still goes to someone who asked. A backorder is its account's: to anyone else it is told like one that does
 * not exist.
 */
export const backordersStream = (name: string): string => `backorders-${name}`;

/** The reference's statuses, spelled as it shows them. */
export const BACKORDER_STATUSES = [
  'pending',
  'cancelled',
  'in-progress',
  'registration-pending',
  'completed-success',
  'completed-not-available',
  'completed-payment-failed',
  'completed-user-contact-invalid',
  'failed',
] as const;
export type BackorderStatus = (typeof BACKORDER_STATUSES)[number];

/** Past this many waiting on one name, the queue is long enough that a new one could never be served. */
export const MAX_BACKORDERS_PER_NAME = 100;

export type BackorderFailure = 'PAYMENT' | 'CONTACT' | 'OTHER';
const FAILED: Readonly<Record<BackorderFailure, BackorderStatus>> = {
  PAYMENT: 'completed-payment-failed',
  CONTACT: 'completed-user-contact-invalid',
  OTHER: 'failed',
};

type Of<Data> = MessageData<{ name: string }, Data>;
type About<Data = unknown> = Of<{ backorderId: number } & Data>;
/** `availableAfter`: the purge time the backorder waits for. */
export type BackorderPlaced = DomainEvent<
  'BackorderPlaced',
  About<{ accountId: string; contactId: string; availableAfter: number; priceCents: number; serviceFeeCents: number }>
>;
export type BackorderCancelled = DomainEvent<'BackorderCancelled', About>;
/** Its turn to register the name: the registry released it and no backorder before it is still waiting. */
export type BackorderWon = DomainEvent<'BackorderWon', About>;
export type BackorderRegistrationStarted = DomainEvent<'BackorderRegistrationStarted', About<{ operationId: string }>>;
export type BackorderSucceeded = DomainEvent<'BackorderSucceeded', About>;
export type BackorderFailed = DomainEvent<'BackorderFailed', About<{ reason: BackorderFailure; message: string }>>;
/** Another backorder got the name, or the name was not released after all. */
export type BackorderLost = DomainEvent<'BackorderLost', About>;
export type BackorderEvent =
  | BackorderPlaced
  | BackorderCancelled
  | BackorderWon
  | BackorderRegistrationStarted
  | BackorderSucceeded
  | BackorderFailed
  | BackorderLost;
export const BACKORDER_EVENT_TYPES: readonly BackorderEvent['type'][] = [
  'BackorderPlaced',
  'BackorderCancelled',
  'BackorderWon',
  'BackorderRegistrationStarted',
  'BackorderSucceeded',
  'BackorderFailed',
  'BackorderLost',
];

export type BackorderOutcome = 'SUCCEEDED' | { failure: BackorderFailure; message: string };
export type PlaceBackorder = DomainCommand<'PlaceBackorder', BackorderPlaced['data']>;
export type CancelBackorder = DomainCommand<'CancelBackorder', About<{ accountId: string }>>;
/** The registry purged the name: the backorders' turn. */
export type ReleaseName = DomainCommand<'ReleaseName', Of<unknown>>;
export type StartBackorderRegistration = DomainCommand<
  'StartBackorderRegistration',
  BackorderRegistrationStarted['data']
>;
export type RecordBackorderOutcome = DomainCommand<'RecordBackorderOutcome', About<{ outcome: BackorderOutcome }>>;
/** The name was registered by someone else, or not released after all: no one waiting will get it. */
export type CloseBackorders = DomainCommand<'CloseBackorders', Of<unknown>>;
export type BackorderCommand =
  | PlaceBackorder
  | CancelBackorder
  | ReleaseName
  | StartBackorderRegistration
  | RecordBackorderOutcome
  | CloseBackorders;

export interface Backorder {
  readonly backorderId: number;
  readonly accountId: string;
  readonly contactId: string;
  readonly availableAfter: number;
  readonly priceCents: number;
  readonly serviceFeeCents: number;
  readonly placedAt: number;
  readonly status: BackorderStatus;
  /** The registration the winner runs, once started. */
  readonly operationId: string | null;
  /** Why it failed, as the registration told it. */
  readonly failure: string | null;
}

/** A name's backorders in the order they were placed: the earliest comes first. */
export interface Backorders {
  readonly backorders: readonly Backorder[];
}

const RUNNING: readonly BackorderStatus[] = ['in-progress', 'registration-pending'];

export const backorderOf = (state: Backorders, backorderId: number): Backorder | null =>
  state.backorders.find((backorder) => backorder.backorderId === backorderId) ?? null;
export const backordersOf = (state: Backorders, accountId: string): readonly Backorder[] =>
  state.backorders.filter((backorder) => backorder.accountId === accountId);
const pendingOf = (state: Backorders): readonly Backorder[] =>
  state.backorders.filter((backorder) => backorder.status === 'pending');
/** The backorders still waiting: what `svc_expireds_list` shows as `backorderCount`. */
export const openCountOf = (state: Backorders): number => pendingOf(state).length;
/** The winner whose registration runs, if one does. */
export const runningOf = (state: Backorders): Backorder | null =>
  state.backorders.find((backorder) => RUNNING.includes(backorder.status)) ?? null;

const changed = (state: Backorders, backorderId: number, change: Partial<Backorder>): Backorders => ({
  backorders: state.backorders.map((backorder) =>
    backorder.backorderId === backorderId ? { ...backorder, ...change } : backorder,
  ),
});

const evolve = (state: Backorders, event: BackorderEvent): Backorders => {
  const { backorderId } = event.data;
  switch (event.type) {
    case 'BackorderPlaced': {
      const { accountId, contactId, availableAfter, priceCents, serviceFeeCents, at } = event.data;
      const placed = { accountId, contactId, availableAfter, priceCents, serviceFeeCents, placedAt: at };
      const backorder: Backorder = { backorderId, ...placed, status: 'pending', operationId: null, failure: null };
      return { backorders: [...state.backorders, backorder] };
    }
    case 'BackorderCancelled':
      return changed(state, backorderId, { status: 'cancelled' });
    case 'BackorderWon':
      return changed(state, backorderId, { status: 'in-progress' });
    case 'BackorderRegistrationStarted':
      return changed(state, backorderId, { status: 'registration-pending', operationId: event.data.operationId });
    case 'BackorderSucceeded':
      return changed(state, backorderId, { status: 'completed-success' });
    case 'BackorderFailed':
      return changed(state, backorderId, { status: FAILED[event.data.reason], failure: event.data.message });
    case 'BackorderLost':
      return changed(state, backorderId, { status: 'completed-not-available' });
    default:
      return assertNever(event);
  }
};

const place = (state: Backorders, data: PlaceBackorder['data']): BackorderEvent[] => {
  const { name, backorderId, accountId } = data;
  for (const field of ['priceCents', 'serviceFeeCents'] as const)
    if (!Number.isInteger(data[field]) || data[field] < 0)
      throw new Refused('VALIDATION', `${field}: whole cents, 0 or more`);
  if (backorderOf(state, backorderId)) throw new Refused('CONFLICT', `backorder ${backorderId} exists already`);
  const own = backordersOf(state, accountId).find(({ status }) => status === 'pending' || RUNNING.includes(status));
  if (own)
    throw new Refused('CONFLICT', `${name} is backordered by this account already (backorder ${own.backorderId})`);
  if (openCountOf(state) >= MAX_BACKORDERS_PER_NAME)
    throw new Refused('EXCEEDS_LIMIT', `${name} has ${MAX_BACKORDERS_PER_NAME} backorders waiting, the most it takes`);
  return [{ type: 'BackorderPlaced', data }];
};

const cancel = (state: Backorders, { name, backorderId, accountId, at }: CancelBackorder['data']): BackorderEvent[] => {
  const backorder = backorderOf(state, backorderId);
  if (backorder?.accountId !== accountId) throw new NotFound('backorder', String(backorderId));
  if (backorder.status === 'cancelled') return []; // told twice: it stays cancelled
  if (backorder.status !== 'pending')
    throw new Refused('CONFLICT', `backorder ${backorderId} is ${backorder.status}, it can no longer be cancelled`);
  return [{ type: 'BackorderCancelled', data: { name, backorderId, at } }];
};

/** The next in line wins, if one waits. */
const nextWinner = (state: Backorders, name: string, at: number): BackorderEvent[] =>
  pendingOf(state)
    .slice(0, 1)
    .map(({ backorderId }) => ({ type: 'BackorderWon', data: { name, backorderId, at } }));

const lost = (state: Backorders, name: string, at: number): BackorderEvent[] =>
  pendingOf(state).map(({ backorderId }) => ({ type: 'BackorderLost', data: { name, backorderId, at } }));

const statusOf = (state: Backorders, backorderId: number): string =>
  backorderOf(state, backorderId)?.status ?? 'not placed';

const start = (state: Backorders, data: StartBackorderRegistration['data']): BackorderEvent[] => {
  const { backorderId, operationId } = data;
  const backorder = backorderOf(state, backorderId);
  if (backorder?.status === 'in-progress') return [{ type: 'BackorderRegistrationStarted', data }];
  if (backorder?.status === 'registration-pending' && backorder.operationId === operationId) return [];
  throw new IllegalTransition(
    `backorder ${backorderId} is ${statusOf(state, backorderId)}: its registration by ${operationId} cannot start`,
  );
};

const record = (state: Backorders, data: RecordBackorderOutcome['data']): BackorderEvent[] => {
  const { name, backorderId, outcome, at } = data;
  const recorded = outcome === 'SUCCEEDED' ? 'completed-success' : FAILED[outcome.failure];
  // told twice: the outcome stands, and the next in line has won already
  if (backorderOf(state, backorderId)?.status === recorded) return [];
  if (runningOf(state)?.backorderId !== backorderId)
    throw new IllegalTransition(
      `backorder ${backorderId} is ${statusOf(state, backorderId)}: it has no outcome to record`,
    );
  if (outcome === 'SUCCEEDED')
    return [{ type: 'BackorderSucceeded', data: { name, backorderId, at } }, ...lost(state, name, at)];
  const { failure: reason, message } = outcome;
  return [
    { type: 'BackorderFailed', data: { name, backorderId, reason, message, at } },
    ...nextWinner(state, name, at),
  ];
};

const decide = (command: BackorderCommand, state: Backorders): BackorderEvent[] => {
  switch (command.type) {
    case 'PlaceBackorder':
      return place(state, command.data);
    case 'CancelBackorder':
      return cancel(state, command.data);
    case 'ReleaseName':
      // told twice while the winner registers it: that one's outcome decides who is next
      return runningOf(state) ? [] : nextWinner(state, command.data.name, command.data.at);
    case 'StartBackorderRegistration':
      return start(state, command.data);
    case 'RecordBackorderOutcome':
      return record(state, command.data);
    case 'CloseBackorders':
      return lost(state, command.data.name, command.data.at);
    default:
      return assertNever(command);
  }
};

export const backordersDecider: Decider<BackorderCommand, BackorderEvent, Backorders> = {
  initialState: () => ({ backorders: [] }),
  evolve,
  decide,
};
