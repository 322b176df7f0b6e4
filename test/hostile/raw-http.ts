import { connect } from 'node:net';

export interface RawRequest {
  readonly method: string;
  /** Sent as written: nothing is encoded or checked, so a request can carry what no client library would send. */
  readonly target: string;
  /** A list of values is sent as that many header lines. */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: Buffer | string;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

const dechunk = (body: Buffer): Buffer => {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
};

const parse = (received: Buffer): RawResponse => {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd < 0) throw new Error(`no HTTP response: ${received.toString('latin1').slice(0, 200)}`);
  const [statusLine, ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).trim().toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  const rawBody = received.subarray(headEnd + 4);
  const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rawBody) : rawBody;
  return { status: Number(statusLine.split(' ')[1]), headers, text: body.toString('utf8') };
};

/** One request over its own connection, written byte for byte; the response is read until the server closes. */
export const sendRaw = (port: number, request: RawRequest): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const body =
      request.body === undefined
        ? undefined
        : Buffer.isBuffer(request.body)
          ? request.body
          : Buffer.from(request.body, 'utf8');
    const headers = {
      host: `127.0.0.1:${port}`,
      connection: 'close',
      ...(body ? { 'content-length': String(body.length) } : {}),
      ...request.headers,
    };
    const head = `${request.method} ${request.target} HTTP/1.1\r\n${Object.entries(headers)
      .flatMap(([name, values]) => [values].flat().map((value) => `${name}: ${value}\r\n`))
      .join('')}\r\n`;
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // the server may answer and close before it read the whole request (a body over the limit): keep what came
    socket.on('error', (error: NodeJS.ErrnoException) =>
      chunks.length > 0 && error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    socket.on('close', () => {
      try {
        resolve(parse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error);
      }
    });
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body ?? Buffer.alloc(0)]));
  });
