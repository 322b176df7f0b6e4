import { randomUUID } from 'node:crypto';
import { acting } from './acting';
import { EventMetadata } from './event-store.port';

/**
 * Who asks and why, carried from a controller or a saga into the metadata of the events a command appends.
 * A caller that may repeat a command (a retried request, a saga reacting twice) passes a stable `commandId`.
 */
export interface CommandContext {
  readonly commandId?: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly accountId?: string | null;
}

export const metadataFor = (context: CommandContext = {}): EventMetadata => {
  const commandId = context.commandId ?? randomUUID();
  return {
    commandId,
    correlationId: context.correlationId ?? commandId,
    causationId: context.causationId ?? commandId,
    accountId: context.accountId ?? null,
    actor: acting.current() ?? 'system',
  };
};
