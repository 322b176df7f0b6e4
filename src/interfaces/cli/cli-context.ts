import { Logger as Pino, levels } from 'pino';
import { AppConfig } from '../../infrastructure/config/config';
import { createLogger } from '../../infrastructure/logging/logger';
import { OpenDatabase, openDatabase } from '../../infrastructure/postgres/open-database';

/** What every CLI command starts from: validated configuration, the logger, and the way to the database. */
export interface CliContext {
  readonly config: AppConfig;
  readonly logger: Pino;
  openDatabase(): Promise<OpenDatabase>;
}

export interface CliContextOptions {
  /** `serve` logs to stdout at LOG_LEVEL; other commands print their answer on stdout and log to stderr. */
  readonly serving?: boolean;
  /** Other commands log only warnings and errors unless `--verbose` asks for LOG_LEVEL. */
  readonly verbose?: boolean;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * A command's answer is what its user came for: the dozens of start-up lines the application logs at info would
 * bury it, so they are shown only when asked for. A LOG_LEVEL quieter than warn still holds.
 */
const commandLogLevel = (configured: string, verbose: boolean): string =>
  verbose || levels.values[configured] > levels.values.warn || configured === 'silent' ? configured : 'warn';

/**
 * `serve` stops in its own order on a signal; every other command stops the embedded server it started when
 * interrupted, so that no server outlives the command that started it.
 */
export const cliContext = ({
  serving = false,
  verbose = false,
  env = process.env,
}: CliContextOptions = {}): CliContext => {
  const config = new AppConfig(env);
  const level = serving ? config.values.logLevel : commandLogLevel(config.values.logLevel, verbose);
  const logger = createLogger(level, serving ? 'stdout' : 'stderr');
  const log = { info: (message: string) => logger.info(message), debug: (message: string) => logger.debug(message) };
  return {
    config,
    logger,
    openDatabase: async () => {
      const database = await openDatabase(config, log);
      if (serving) return database;
      const interrupted = (): void => void database.stop().finally(() => process.exit(130));
      process.once('SIGINT', interrupted);
      process.once('SIGTERM', interrupted);
      return {
        ...database,
        stop: async () => {
          process.off('SIGINT', interrupted);
          process.off('SIGTERM', interrupted);
          await database.stop();
        },
      };
    },
  };
};
