/**
 * Where a component that starts or runs things writes its lines, whatever logger takes them (pino, Nest's logger,
 * a test's silence). Each component asks only for the levels it writes, as `Pick<Log, 'info' | 'debug'>`.
 */
export interface Log {
  info(message: string): void;
  debug(message: string): void;
  warn(message: string, error?: unknown): void;
  error(message: string, error?: unknown): void;
}
