import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { freePort } from '../../../test/support/free-port';
import { postWebhook, publicOnlyLookup } from './webhook-sender';

const listen = async (handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?x=1` };
};

const stop = async (server: Server) => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

const post = { body: '{"a":1}', headers: { 'content-type': 'application/json' } };

describe('postWebhook', () => {
  it('answers the receiver status, with the body and headers sent as given', async () => {
    let seen: { url?: string; body?: string; type?: string } = {};
    const { server, url } = await listen((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen = { url: request.url, body, type: request.headers['content-type'] };
        response.writeHead(202).end();
      });
    });
    try {
      expect(
        await postWebhook({ ...post, url }, { timeoutMs: 2000, outbound: { allowPrivate: true, ownHosts: [] } }),
      ).toEqual({
        statusCode: 202,
        error: null,
      });
      expect(seen).toEqual({ url: '/hook?x=1', body: '{"a":1}', type: 'application/json' });
    } finally {
      await stop(server);
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const { server, url } = await listen(() => undefined);
    try {
      expect(
        await postWebhook({ ...post, url }, { timeoutMs: 150, outbound: { allowPrivate: true, ownHosts: [] } }),
      ).toEqual({
        statusCode: null,
        error: 'no answer within 150 ms',
      });
    } finally {
      await stop(server);
    }
  });

  it('records a refused connection as an error', async () => {
    const answer = await postWebhook(
      { ...post, url: `http://127.0.0.1:${await freePort()}/` },
      { timeoutMs: 2000, outbound: { allowPrivate: true, ownHosts: [] } },
    );
    expect(answer).toMatchObject({ statusCode: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('refuses private targets when they are not allowed, by address and by what a name resolves to', async () => {
    expect(
      await postWebhook(
        { ...post, url: 'http://127.0.0.1:9/' },
        { timeoutMs: 2000, outbound: { allowPrivate: false, ownHosts: [] } },
      ),
    ).toEqual({
      statusCode: null,
      error: 'the target must not point to a loopback, private or link-local address',
    });
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (failure) => resolve(failure)),
    );
    expect(error).toMatchObject({ code: 'EPRIVATETARGET', message: 'localhost resolves to a private address' });
  });
});
