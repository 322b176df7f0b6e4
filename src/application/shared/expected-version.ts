import { ExpectedVersion } from './event-store.port';

export const checkExpectedVersion = (expected: ExpectedVersion, actual: number): boolean =>
  expected === 'any' || (expected === 'no_stream' ? actual === 0 : expected === actual);
