import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { Refused } from '../shared/errors';
import { accountFundsDecider, AccountFundsEvent, accountFundsStream, FundsPot } from './account-funds';

const at = Date.UTC(2026, 10, 27);
const accountId = 'acc-1';
const given = deciderSpec(accountFundsDecider);

const addedData = (entryId: string, pot: FundsPot, amountCents: number) => ({
  accountId,
  entryId,
  pot,
  amountCents,
  reason: 'operator grant',
  at,
});
const added = (entryId: string, pot: FundsPot, amountCents: number): AccountFundsEvent => ({
  type: 'FundsAdded',
  data: addedData(entryId, pot, amountCents),
});
const spendData = (orderId: string, balanceCents: number, promoCreditsCents: number) => ({
  accountId,
  orderId,
  balanceCents,
  promoCreditsCents,
  at,
});
const spent = (orderId: string, balanceCents: number, promoCreditsCents: number): AccountFundsEvent => ({
  type: 'FundsSpent',
  data: spendData(orderId, balanceCents, promoCreditsCents),
});
const returnData = (refundId: string, balanceCents: number, promoCreditsCents: number) => ({
  ...spendData('ord-1', balanceCents, promoCreditsCents),
  refundId,
});
const returned = (refundId: string, balanceCents: number, promoCreditsCents: number): AccountFundsEvent => ({
  type: 'FundsReturned',
  data: returnData(refundId, balanceCents, promoCreditsCents),
});
const funded = [added('grant-1', 'BALANCE', 5000), added('grant-2', 'PROMO_CREDITS', 1000)];

it('names the stream after the account', () => expect(accountFundsStream('acc-9')).toBe('funds-acc-9'));

describe('adding funds', () => {
  it('puts money in the pot named, once per entry', () => {
    given()
      .when({ type: 'AddFunds', data: addedData('grant-1', 'BALANCE', 5000) })
      .then(funded[0]);
    given(...funded)
      .when({ type: 'AddFunds', data: addedData('grant-3', 'BALANCE', 1) })
      .thenState({ balanceCents: 5001, promoCreditsCents: 1000 });
    given(...funded)
      .when({ type: 'AddFunds', data: addedData('grant-1', 'BALANCE', 5000) })
      .thenNothing();
  });

  it('refuses nothing, a part of a cent and a negative amount', () => {
    given()
      .when({ type: 'AddFunds', data: addedData('grant-1', 'PROMO_CREDITS', 0) })
      .thenThrows(Refused, { code: 'VALIDATION', message: exactly('funds added are at least one cent') });
    for (const amountCents of [0.5, -100])
      given()
        .when({ type: 'AddFunds', data: addedData('grant-1', 'PROMO_CREDITS', amountCents) })
        .thenThrows(Refused, { code: 'VALIDATION', message: exactly('amounts are whole cents, never negative') });
  });
});

describe('spending funds on an order', () => {
  it('takes from each pot what the order says', () => {
    given(...funded)
      .when({ type: 'SpendFunds', data: spendData('ord-1', 5000, 1000) })
      .then(spent('ord-1', 5000, 1000));
    given(...funded)
      .when({ type: 'SpendFunds', data: spendData('ord-1', 1200, 300) })
      .thenState({ balanceCents: 3800, promoCreditsCents: 700 });
  });

  it('spends once per order however often it is paid', () =>
    given(...funded, spent('ord-1', 100, 0))
      .when({ type: 'SpendFunds', data: spendData('ord-1', 100, 0) })
      .thenNothing());

  it('writes nothing for an order paid wholly by card, and spends equal parts of both pots', () => {
    given(...funded)
      .when({ type: 'SpendFunds', data: spendData('ord-1', 0, 0) })
      .thenNothing();
    given(...funded)
      .when({ type: 'SpendFunds', data: spendData('ord-1', 400, 400) })
      .then(spent('ord-1', 400, 400));
  });

  it('refuses more than either pot holds', () => {
    const refused = { code: 'INSUFFICIENT_BALANCE' as const, context: { orderId: 'ord-1' } };
    given(...funded)
      .when({ type: 'SpendFunds', data: spendData('ord-1', 5001, 0) })
      .thenThrows(Refused, refused);
    given(...funded)
      .when({ type: 'SpendFunds', data: spendData('ord-1', 0, 1001) })
      .thenThrows(Refused, refused);
    given(...funded)
      .when({ type: 'SpendFunds', data: spendData('ord-1', -1, 1) })
      .thenThrows(Refused, { code: 'VALIDATION', message: exactly('amounts are whole cents, never negative') });
  });
});

describe('returning funds of a failed line', () => {
  const paid = [...funded, spent('ord-1', 3000, 800)];

  it('gives back to each pot what the order took, once per refund', () => {
    given(...paid)
      .when({ type: 'ReturnFunds', data: returnData('ref-1', 1500, 800) })
      .then(returned('ref-1', 1500, 800));
    given(...paid)
      .when({ type: 'ReturnFunds', data: returnData('ref-1', 1500, 800) })
      .thenState({
        balanceCents: 3500,
        promoCreditsCents: 1000,
        orders: new Map([['ord-1', { balanceCents: 1500, promoCreditsCents: 0 }]]),
      });
    given(...paid, returned('ref-1', 1500, 800))
      .when({ type: 'ReturnFunds', data: returnData('ref-1', 1500, 800) })
      .thenNothing();
    given(...paid)
      .when({ type: 'ReturnFunds', data: returnData('ref-2', 0, 0) })
      .thenNothing();
    given(...paid)
      .when({ type: 'ReturnFunds', data: returnData('ref-2', 500, 500) })
      .then(returned('ref-2', 500, 500));
  });

  it('never gives back more than the order took from a pot, counting what it gave back before', () => {
    const tooMuch = {
      code: 'VALIDATION' as const,
      message: exactly('never more is returned to a pot than the order took from it'),
      context: { orderId: 'ord-1' },
    };
    given(...paid)
      .when({ type: 'ReturnFunds', data: returnData('ref-1', 3001, 0) })
      .thenThrows(Refused, tooMuch);
    given(...paid)
      .when({ type: 'ReturnFunds', data: returnData('ref-1', 0, 801) })
      .thenThrows(Refused, tooMuch);
    given(...paid, returned('ref-1', 3000, 0))
      .when({ type: 'ReturnFunds', data: returnData('ref-2', 1, 0) })
      .thenThrows(Refused, tooMuch);
    given(...funded)
      .when({ type: 'ReturnFunds', data: returnData('ref-1', 1, 0) })
      .thenThrows(Refused, tooMuch);
    given(...paid)
      .when({ type: 'ReturnFunds', data: returnData('ref-1', 0.5, 0) })
      .thenThrows(Refused, { code: 'VALIDATION', message: /whole cents/ });
  });
});

it('fails loudly on a command or an event of a newer version', () => {
  expect(() => accountFundsDecider.decide({ type: 'FreezeFunds' } as never, fold(accountFundsDecider, []))).toThrow(
    /unexpected value/,
  );
  expect(() => fold(accountFundsDecider, [{ type: 'FundsFrozen' } as never])).toThrow(/unexpected value/);
});
