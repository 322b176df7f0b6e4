// @ts-check
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Mutation testing of the domain (`npm run test:mutation`): every rule in src/domain is changed one mutant at a time
// and the domain's specs must notice. It takes a while, so it is not part of CI. One folder at a time:
//   npm run test:mutation -- --mutate 'src/domain/operations/**/*.ts,!src/domain/**/*.spec.ts'
// Mutants no test can kill (the behaviour is identical) are named, each with its reason, in an "Equivalent mutants"
// comment at the top of the spec of their rule.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: ['src/domain/**/*.ts', '!src/domain/**/*.spec.ts'],
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.js', enableFindRelatedTests: true },
  coverageAnalysis: 'perTest',
  // others run tests on the same machine
  concurrency: 2,
  // outside the working tree: the sandbox copies the project, and a copy of src/ must never be committed
  tempDirName: join(tmpdir(), 'domain-engine-stryker'),
  reporters: ['clear-text', 'progress', 'html', 'json'],
  // under coverage/, which git ignores
  htmlReporter: { fileName: 'coverage/mutation/index.html' },
  jsonReporter: { fileName: 'coverage/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
};
