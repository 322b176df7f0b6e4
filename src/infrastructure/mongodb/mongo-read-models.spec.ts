import {
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  type TopologyDescription,
} from 'mongodb';
import { isStoreUnavailable } from '../../application/shared/service-health.port';
import { mongoDatabaseOf, mongoHostsOf, mongoRefusalOf } from './mongo-read-models';

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

describe('mongoHostsOf and mongoDatabaseOf', () => {
  it('given a connection string, when named in a message, then only its servers show', () => {
    expect(mongoHostsOf('mongodb://u:secret@h1:27017,h2:27017/db?replicaSet=rs0')).toBe('h1:27017,h2:27017');
    expect(mongoHostsOf('mongodb+srv://u:secret@cluster0.example.net/?retryWrites=true')).toBe('cluster0.example.net');
    expect(mongoHostsOf('mongodb://localhost')).toBe('localhost');
    expect(mongoHostsOf('mongodb://localhost?directConnection=true')).toBe('localhost');
  });

  it('given a path, when connecting, then its database is used, else domain_engine', () => {
    expect(mongoDatabaseOf('mongodb://u:p@h1,h2/read_models?replicaSet=rs0')).toBe('read_models');
    expect(mongoDatabaseOf('mongodb://h/my%2Dmodels')).toBe('my-models');
    expect(mongoDatabaseOf('mongodb://h/?replicaSet=rs0')).toBe('domain_engine');
    expect(mongoDatabaseOf('mongodb://h?replicaSet=rs0')).toBe('domain_engine');
    expect(mongoDatabaseOf('mongodb://h')).toBe('domain_engine');
  });
});

describe('the driver’s errors of servers it cannot reach', () => {
  it('given one, when a request meets it, then it is answered as the store being away (503), not as a fault', () => {
    expect(isStoreUnavailable(new MongoNetworkError('connection refused'))).toBe(true);
    expect(isStoreUnavailable(new MongoNetworkTimeoutError('timed out'))).toBe(true);
    expect(isStoreUnavailable(new MongoServerSelectionError('no primary', {} as TopologyDescription))).toBe(true);
    expect(isStoreUnavailable(new MongoNotConnectedError('not connected'))).toBe(true);
    expect(isStoreUnavailable(new MongoTopologyClosedError())).toBe(true);
    expect(isStoreUnavailable(new MongoServerError({ code: 11000, errmsg: 'E11000 duplicate key error' }))).toBe(false);
  });
});
