import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { IllegalTransition } from '../shared/errors';
import {
  AutoRenewal,
  autoRenewalDecider,
  AutoRenewalEvent,
  autoRenewalStream,
  dueAttemptOf,
  RenewalSchedule,
  retryAtOf,
} from './auto-renewal';

const DAY = 86_400_000;
const at = Date.UTC(2026, 10, 27);
const expiresAt = Date.UTC(2027, 10, 27);
const schedule: RenewalSchedule = { leadDays: 30, maxAttempts: 3, retryMs: DAY };
const key = { accountId: 'acc-1', name: 'sun.com' };
const given = deciderSpec(autoRenewalDecider);
const place = { countryCode: 'GB', stateProvince: 'London' };

const enabled = (paymentMethodId: string | null = null): AutoRenewalEvent => ({
  type: 'AutoRenewalEnabled',
  data: { ...key, paymentMethodId, contactId: 'con_1', taxPlace: place, at },
});
const disabled: AutoRenewalEvent = { type: 'AutoRenewalDisabled', data: { ...key, at } };
const ordered = (attempt: number, term = expiresAt): AutoRenewalEvent => ({
  type: 'AutoRenewalOrdered',
  data: { ...key, expiresAt: term, orderId: `ord-${attempt}`, attempt, at },
});
const unpaid = (attempt: number, retryAt: number | null): AutoRenewalEvent => ({
  type: 'AutoRenewalUnpaid',
  data: { ...key, expiresAt, orderId: `ord-${attempt}`, reason: 'declined', retryAt, at },
});
const stateOf = (...events: AutoRenewalEvent[]): AutoRenewal => fold(autoRenewalDecider, events);
const due = (now: number, ...events: AutoRenewalEvent[]) => dueAttemptOf(stateOf(...events), expiresAt, now, schedule);

describe('an auto-renewal', () => {
  it('is a stream per account and name, off at first', () => {
    expect(autoRenewalStream('acc-1', 'sun.com')).toBe('auto-renewal-acc-1-sun.com');
    given().thenState({ enabled: false, paymentMethodId: null, contactId: null, taxPlace: null, term: null });
  });

  it('is turned on with its card, contact and tax place, again only to change the card, and off once', () => {
    const enable = (paymentMethodId: string | null) => ({
      type: 'EnableAutoRenewal' as const,
      data: { ...key, paymentMethodId, contactId: 'con_1', taxPlace: place, at },
    });
    given().when(enable(null)).then(enabled());
    given(enabled('pm_1')).thenState({ enabled: true, paymentMethodId: 'pm_1', contactId: 'con_1', taxPlace: place });
    given(enabled()).when(enable(null)).thenNothing();
    given(enabled()).when(enable('pm_1')).then(enabled('pm_1'));
    given(enabled(), disabled).when(enable(null)).then(enabled());
    const disable = { type: 'DisableAutoRenewal' as const, data: { ...key, at } };
    given(enabled()).when(disable).then(disabled);
    given(enabled(), disabled).thenState({ enabled: false });
    given().when(disable).thenNothing();
  });

  it('is due from its lead days before the expiry while on, the first attempt of a term', () => {
    expect(due(expiresAt - 30 * DAY - 1, enabled())).toBeNull();
    expect(due(expiresAt - 30 * DAY, enabled())).toBe(1);
    expect(due(expiresAt + DAY, enabled())).toBe(1);
    expect(due(expiresAt - DAY)).toBeNull();
    expect(due(expiresAt - DAY, enabled(), disabled)).toBeNull();
    // a term renewed before: the next term starts again at the first attempt
    expect(due(expiresAt - DAY, enabled(), ordered(3, expiresAt - 365 * DAY))).toBe(1);
  });

  it('is not due while an attempt awaits its payment, then at its retry time, up to the last attempt', () => {
    const now = expiresAt - DAY;
    expect(due(now, enabled(), ordered(1))).toBeNull();
    expect(due(now, enabled(), ordered(1), unpaid(1, now + DAY))).toBeNull();
    expect(due(now + DAY, enabled(), ordered(1), unpaid(1, now + DAY))).toBe(2);
    expect(due(now + DAY, enabled(), ordered(2), unpaid(2, now + DAY))).toBe(3);
    expect(due(now + DAY, enabled(), ordered(3), unpaid(3, now + DAY))).toBeNull();
    expect(due(now + 9 * DAY, enabled(), ordered(3), unpaid(3, null))).toBeNull();
    // given up for the term, even were more attempts allowed since
    expect(due(now + 9 * DAY, enabled(), ordered(1), unpaid(1, null))).toBeNull();
  });

  it('is tried again a retry later, but not after the last attempt', () => {
    expect(retryAtOf(1, at, schedule)).toBe(at + DAY);
    expect(retryAtOf(2, at, schedule)).toBe(at + DAY);
    expect(retryAtOf(3, at, schedule)).toBeNull();
  });

  it('orders each attempt once, in turn', () => {
    const order = (attempt: number, orderId = `ord-${attempt}`, term = expiresAt) => ({
      type: 'OrderAutoRenewal' as const,
      data: { ...key, expiresAt: term, orderId, attempt, at },
    });
    given(enabled()).when(order(1)).then(ordered(1));
    given(enabled(), ordered(1)).thenState({ term: { expiresAt, attempts: 1, orderId: 'ord-1', next: null } });
    given(enabled(), ordered(1)).when(order(1)).thenNothing();
    given(enabled(), ordered(1), unpaid(1, at)).when(order(2)).then(ordered(2));
    given(enabled(), ordered(1), unpaid(1, at))
      .when(order(3))
      .thenThrows(IllegalTransition, { code: 'ILLEGAL_TRANSITION', message: exactly('attempt 3 follows attempt 1') });
    given(enabled(), ordered(2))
      .when(order(1, 'ord-x', expiresAt + 365 * DAY))
      .thenState({ term: { attempts: 1 } });
  });

  it('records an unpaid attempt once, for the order awaiting payment only', () => {
    const record = (orderId: string, retryAt: number | null) => ({
      type: 'RecordUnpaidRenewal' as const,
      data: { ...key, expiresAt, orderId, reason: 'declined', retryAt, at },
    });
    given(enabled(), ordered(1)).when(record('ord-1', at)).then(unpaid(1, at));
    given(enabled(), ordered(1), unpaid(1, null)).thenState({ term: { next: 'GAVE_UP' } });
    given(enabled(), ordered(1), unpaid(1, at)).thenState({ term: { next: at } });
    given(enabled(), ordered(1), unpaid(1, at)).when(record('ord-1', at)).thenNothing();
    given(enabled(), ordered(1)).when(record('ord-9', at)).thenNothing();
    given(enabled()).when(record('ord-1', at)).thenNothing();
    expect(stateOf(unpaid(1, at)).term).toBeNull();
  });

  it('fails loudly on a command or an event of a newer version', () => {
    expect(() => autoRenewalDecider.decide({ type: 'PauseAutoRenewal' } as never, stateOf())).toThrow(/unexpected/);
    expect(() => fold(autoRenewalDecider, [{ type: 'AutoRenewalPaused' } as never])).toThrow(/unexpected/);
  });
});
