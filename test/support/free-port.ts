import { createServer } from 'node:net';

/** Below Linux's ephemeral range (32768-60999), where the kernel takes the local port of each outgoing connection. */
const FIXED_RANGE = { from: 20_000, size: 12_000 };

const bindable = (port: number): Promise<number | undefined> =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });

/**
 * A port free now, for a server a test starts a little later. Taken outside the ephemeral range: a port the kernel
 * hands out as free (port 0) can be taken meanwhile as the source port of any connection any process opens, and the
 * server then fails with EADDRINUSE. Random within the range, so that test files running side by side rarely meet.
 */
export const freePort = async (): Promise<number> => {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await bindable(FIXED_RANGE.from + Math.floor(Math.random() * FIXED_RANGE.size));
    if (port !== undefined) return port;
  }
  return (await bindable(0)) as number;
};
