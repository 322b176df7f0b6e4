import { createSocket, Socket } from 'node:dgram';
import { AddressInfo, createServer, Server, Socket as TcpSocket } from 'node:net';
import { isIPv6 } from 'node:net';
import { DnsResponder } from './dns-responder';

/** A TCP client idle this long is let go (RFC 7766 §6.2.3 suggests seconds, not minutes). */
const TCP_IDLE_MS = 10_000;
/** Connections served at once: more are closed as they come. */
const MAX_TCP_CONNECTIONS = 512;
/** Answers a client has not read yet, per connection: past this, its queries wait until it reads (backpressure). */
const MAX_UNREAD_BYTES = 256 * 1024;

/**
 * The authoritative server's sockets: UDP and TCP on one port (RFC 7766: TCP is not optional). Each UDP datagram
 * is one query; TCP carries queries framed by a two-byte length, answered in order, many per connection.
 */
export class DnsListener {
  private udp: Socket | undefined;
  private tcp: Server | undefined;
  private readonly connections = new Set<TcpSocket>();

  constructor(private readonly responder: DnsResponder) {}

  /** Binds both sockets; port 0 takes a free port for UDP and the same one for TCP. Resolves with the port. */
  async listen(host: string, port: number): Promise<number> {
    for (let attempt = 0; ; attempt += 1) {
      const udp = await this.bindUdp(host, port);
      const bound = (udp.address() as AddressInfo).port;
      try {
        this.tcp = await this.bindTcp(host, bound);
        this.udp = udp;
        return bound;
      } catch (error) {
        udp.close();
        // a free UDP port whose TCP twin is taken: try another, when any port would do
        if (port !== 0 || attempt >= 10) throw error;
      }
    }
  }

  async close(): Promise<void> {
    for (const connection of this.connections) connection.destroy();
    await Promise.all([
      new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve())),
      new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve())),
    ]);
  }

  private bindUdp(host: string, port: number): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = createSocket(isIPv6(host) ? 'udp6' : 'udp4');
      socket.once('error', reject);
      socket.on('message', (message, remote) => {
        if (remote.port === 0) return; // nowhere to answer (and sending there throws)
        for (const answer of this.responder.respond(message, 'udp', remote.address)) {
          try {
            socket.send(answer, remote.port, remote.address);
          } catch {
            return; // an address the socket cannot send to: the query goes unanswered, the server goes on
          }
        }
      });
      socket.bind(port, host, () => {
        socket.off('error', reject);
        socket.on('error', () => undefined); // a send to a vanished client: nothing to do
        resolve(socket);
      });
    });
  }

  private bindTcp(host: string, port: number): Promise<Server> {
    return new Promise((resolve, reject) => {
      const server = createServer((socket) => this.serve(socket));
      server.maxConnections = MAX_TCP_CONNECTIONS;
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(server);
      });
    });
  }

  /** Reads length-framed queries off one connection and writes their answers framed the same way. */
  private serve(socket: TcpSocket): void {
    this.connections.add(socket);
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.connections.delete(socket));
    let pending = Buffer.alloc(0);
    const answerPending = (): void => {
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        const length = pending.readUInt16BE(0);
        const message = pending.subarray(2, 2 + length);
        pending = pending.subarray(2 + length);
        for (const answer of this.responder.respond(message, 'tcp', socket.remoteAddress ?? '')) {
          const framed = Buffer.alloc(2 + answer.length);
          framed.writeUInt16BE(answer.length); // the responder never makes a message over 65,535 bytes
          answer.copy(framed, 2);
          socket.write(framed);
        }
        if (socket.writableLength > MAX_UNREAD_BYTES) {
          // a client that does not read its answers gets no more until it does
          socket.pause();
          socket.once('drain', () => {
            socket.resume();
            answerPending();
          });
          return;
        }
      }
    };
    socket.on('data', (chunk) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      answerPending();
    });
  }
}
