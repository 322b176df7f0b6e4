import { EventMetadata, StreamWrite } from '../../application/shared/event-store.port';

/** A write's expected version as the append functions take it: -1 any, 0 no stream, n the version. */
export const expectedAsNumber = (expected: StreamWrite['expectedVersion']): number =>
  expected === 'any' ? -1 : expected === 'no_stream' ? 0 : expected;

/** The one statement of an append; exported so that tests can run it inside a transaction they hold open. */
export const appendStatement = (
  writes: readonly StreamWrite[],
  metadata: EventMetadata,
): { name: string; text: string; values: unknown[] } => {
  const events = writes.flatMap((write) => write.events);
  return {
    // named: prepared once per connection, so an append is not parsed and planned again each time
    name: 'append_events',
    text: 'select duplicate, versions from append_events($1, $2, $3, $4, $5, $6::jsonb[], $7)',
    values: [
      metadata.commandId,
      writes.map((write) => write.streamId),
      writes.map((write) => expectedAsNumber(write.expectedVersion)),
      writes.map((write) => write.events.length),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
      JSON.stringify(metadata),
    ],
  };
};
