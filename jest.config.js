/** One embedded PostgreSQL for the whole run (test/support/global-setup.ts), one database per test file. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testRegex: '.*\\.(spec|e2e-spec|contract-spec)\\.ts$',
  transform: { '^.+\\.(ts|js|mjs)$': ['@swc/jest'] },
  // content-disposition 3 (through @fastify/static, for Swagger UI) ships only as an ES module; Node loads it
  // with require(esm), Jest's module system does not, so it is compiled like our sources
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // every answer an end-to-end test gets is checked against the published OpenAPI documents
  setupFilesAfterEnv: ['<rootDir>/test/support/conformance-check.ts'],
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
