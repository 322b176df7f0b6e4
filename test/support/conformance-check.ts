import { takeConformanceProblems } from './conformance';

/**
 * Every test file's last hook (a top-level `afterAll` runs after the file's own): the answers its apps gave must be
 * as the published OpenAPI documents say (test/support/test-app.ts records them).
 */
afterAll(() => {
  const problems = takeConformanceProblems();
  if (problems.length > 0)
    throw new Error(`answers that differ from the published OpenAPI documents:\n${problems.slice(0, 20).join('\n')}`);
});
