import { web3OperationOf } from './web3-request';

const at = 1_700_000_000_000;
const request = { accountId: 'acc-1', operationId: 'op-1', at, preview: false };
const dependencies = [{ id: 'bc-1', type: 'UPDATE_RECORDS', parameters: {} }];
const quote = [{ type: 'CHARGE' as const, reason: 'DOMAIN_CLAIM', amountCents: 500 }];

describe('the operation of a surface C request', () => {
  it('is the account’s, on the domain, with its dependencies and quote', () =>
    expect(web3OperationOf(request, 'DOMAIN_CLAIM', 'alice.crypto', dependencies, quote)).toEqual({
      operationId: 'op-1',
      accountId: 'acc-1',
      surface: 'web3',
      type: 'DOMAIN_CLAIM',
      domain: 'alice.crypto',
      preview: false,
      validUntil: null,
      dependencies,
      quote,
      at,
    }));

  it('quotes nothing unless told', () =>
    expect(web3OperationOf(request, 'DOMAIN_UPDATE', 'alice.crypto', dependencies).quote).toEqual([]));

  it('holds the quote of a preview for 15 minutes', () =>
    expect(web3OperationOf({ ...request, preview: true }, 'DOMAIN_UPDATE', 'alice.crypto', [])).toMatchObject({
      preview: true,
      validUntil: at + 15 * 60_000,
    }));
});
