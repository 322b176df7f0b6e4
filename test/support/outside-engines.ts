/**
 * The engines an operator may point the contract suites at (docs/scale-out.md): each runs when its URL is set, and is
 * reported as skipped, with the reason, when it is not. Neither can be installed on a machine without them: nothing
 * here stands in for one.
 */
export interface OutsideEngine {
  readonly name: string;
  readonly variable: string;
  readonly url: string | undefined;
}

export const OUTSIDE_ENGINES: readonly OutsideEngine[] = [
  { name: 'kurrentdb', variable: 'EVENT_STORE_URL', url: process.env.EVENT_STORE_URL || undefined },
  { name: 'mongodb', variable: 'MONGODB_URL', url: process.env.MONGODB_URL || undefined },
];

export const skipReasonOf = (engine: OutsideEngine): string =>
  `${engine.name} skipped: ${engine.variable} is not set (point it at a server to run its contract suites)`;

/** One line per engine, as `.ci/run` prints it before the tests. */
export const outsideEnginesReport = (): string =>
  OUTSIDE_ENGINES.map((engine) =>
    engine.url ? `${engine.name} runs: ${engine.variable} is set` : skipReasonOf(engine),
  ).join('\n');
