import { IncomingHttpHeaders, request } from 'node:http';
import { HostingServer } from '../../src/infrastructure/hosting-server/hosting-server.service';
import { TestApp } from './test-app';

/** What the hosting listener answers a plain HTTP GET for `host` (the name a browser would ask for). */
export const hostingGet = (subject: TestApp, host: string, path = '/') =>
  new Promise<{ status: number; location?: string; body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const { http } = subject.app.get(HostingServer).ports!;
    const sent = request({ port: http, host: '127.0.0.1', path, headers: { host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode!,
          location: answer.headers.location,
          headers: answer.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
