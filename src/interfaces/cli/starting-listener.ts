import { createServer } from 'node:http';
import { Readiness } from '../../application/shared/readiness';

export interface StartingListener {
  /** Frees the port for the application; connections still open are closed. */
  close(): Promise<void>;
}

/**
 * Holds the service's port while it starts (the database, migrations and chains come before the application that
 * serves HTTP can exist), answering every request 503 with the steps still pending, as `/health` does once the
 * application serves. A port already taken is found here, before anything is started.
 */
export const listenWhileStarting = (port: number, host: string, readiness: Readiness): Promise<StartingListener> =>
  new Promise((resolve, reject) => {
    const server = createServer((request, response) => {
      const body = JSON.stringify({ status: 'starting', pending: readiness.pendingSteps() });
      response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' }).end(body);
    });
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} (PORT) is in use: is the service already running there?`)
          : error,
      ),
    );
    server.listen(port, host, () =>
      resolve({
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed());
            server.closeAllConnections();
          }),
      }),
    );
  });
