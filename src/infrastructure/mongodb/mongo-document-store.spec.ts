import { MongoNetworkError, MongoServerError } from 'mongodb';
import { mongoRefusalOf } from './mongo-document-store';

describe('mongoRefusalOf', () => {
  it('given a write conflict between transactions, when mapped, then the transaction is tried again', () => {
    expect(
      mongoRefusalOf(new MongoServerError({ code: 112, codeName: 'WriteConflict', errmsg: 'WriteConflict' })),
    ).toBe('retry');
    const labelled = new MongoServerError({ code: 251, errmsg: 'NoSuchTransaction' });
    labelled.addErrorLabel('TransientTransactionError');
    expect(mongoRefusalOf(labelled)).toBe('retry');
  });

  it('given a duplicate key, when mapped, then it is told as such', () => {
    expect(mongoRefusalOf(new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key error' }))).toBe(
      'duplicate',
    );
  });

  it('given any other failure, when mapped, then it is passed on', () => {
    expect(mongoRefusalOf(new MongoServerError({ code: 13, errmsg: 'Unauthorized' }))).toBe('other');
    expect(mongoRefusalOf(new MongoNetworkError('connection refused'))).toBe('other');
    expect(mongoRefusalOf(new Error('boom'))).toBe('other');
  });
});
