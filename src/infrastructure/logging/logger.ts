import { LoggerService } from '@nestjs/common';
import pino, { DestinationStream, Logger } from 'pino';

/** Fields that may carry secrets; pino replaces them before a line is written. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.databaseUrl',
];

/** JSON logs to stdout (the service), to stderr (CLI commands, whose stdout is their answer), or to a given stream. */
export const createLogger = (level: string, to: 'stdout' | 'stderr' | DestinationStream = 'stdout'): Logger =>
  pino(
    { level, base: { service: 'domain-engine' }, redact: { paths: REDACTED, censor: '[redacted]' } },
    typeof to === 'string' ? pino.destination(to === 'stdout' ? 1 : 2) : to,
  );

/** Nest's logger interface over pino, so framework and application logs come out as one JSON stream. */
export class PinoLoggerService implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
