/**
 * The domain's unit specs alone, for Stryker (`npm run test:mutation`, stryker.config.mjs): pure code needs no
 * PostgreSQL, so neither the global setup nor the answer conformance check of jest.config.js runs here.
 */
const { transform, transformIgnorePatterns, moduleFileExtensions } = require('./jest.config');

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/src/domain'],
  testRegex: '.*\\.spec\\.ts$',
  transform,
  transformIgnorePatterns,
  moduleFileExtensions,
};
