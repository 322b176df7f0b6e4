import { Logger as Pino } from 'pino';
import { AppConfig } from '../../infrastructure/config/config';
import { createLogger } from '../../infrastructure/logging/logger';
import { OpenDatabase, openDatabase } from '../../infrastructure/postgres/open-database';

/** What every CLI command starts from: validated configuration, the logger, and the way to the database. */
export interface CliContext {
  readonly config: AppConfig;
  readonly logger: Pino;
  openDatabase(): Promise<OpenDatabase>;
}

/**
 * `serve` stops in its own order on a signal; every other command stops the embedded server it started when
 * interrupted, so that no server outlives the command that started it.
 */
export const cliContext = (logsTo: 'stdout' | 'stderr' = 'stderr', env: NodeJS.ProcessEnv = process.env): CliContext => {
  const config = new AppConfig(env);
  const logger = createLogger(config.values.logLevel, logsTo);
  const log = { info: (message: string) => logger.info(message), debug: (message: string) => logger.debug(message) };
  const serving = logsTo === 'stdout';
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
