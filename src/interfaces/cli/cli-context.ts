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

export const cliContext = (logsTo: 'stdout' | 'stderr' = 'stderr', env: NodeJS.ProcessEnv = process.env): CliContext => {
  const config = new AppConfig(env);
  const logger = createLogger(config.values.logLevel, logsTo);
  const log = { info: (message: string) => logger.info(message), debug: (message: string) => logger.debug(message) };
  return { config, logger, openDatabase: () => openDatabase(config, log) };
};
