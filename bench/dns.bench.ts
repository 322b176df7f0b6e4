/**
 * npm run bench:dns: queries per second and p50/p99 latency of our authoritative DNS server answering for 10,000
 * zones, against a bare dns-packet responder that answers the same questions from a Map, in the same process and
 * the same run.
 *
 * Both listen on loopback UDP. A client in the same process keeps BENCH_IN_FLIGHT (default 32) queries in flight,
 * for random names among the zones' (apex A, www A, a TXT, a CNAME followed to its A, a name that does not exist),
 * BENCH_QUERIES (default 20,000) per round; the two servers alternate in BENCH_ROUNDS (default 3) rounds. Our server
 * does everything an authoritative server must (zone lookup by suffix, CNAME chains, NXDOMAIN with the SOA, EDNS);
 * the baseline only looks the question up. The ratio is ours over the baseline's queries per second (goal: 0.5).
 */
import { createSocket, Socket } from 'node:dgram';
import { AddressInfo } from 'node:net';
import * as dnsPacket from 'dns-packet';
import type { Answer } from 'dns-packet';
import { DnsListener } from '../src/infrastructure/dns-server/dns-listener';
import { DnsResponder } from '../src/infrastructure/dns-server/dns-responder';
import { ServedZones } from '../src/infrastructure/dns-server/served-zones';

const ZONES = Number(process.env.BENCH_ZONES ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 32);

const zoneName = (index: number) => `zone${index}.bench`;
const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** The questions of a round: five kinds, over random zones. */
const questionsOf = (count: number): { name: string; type: 'A' | 'TXT' }[] =>
  Array.from({ length: count }, (_, index) => {
    const zone = zoneName(Math.floor(Math.random() * ZONES));
    const kinds = [
      { name: zone, type: 'A' as const },
      { name: `www.${zone}`, type: 'A' as const },
      { name: zone, type: 'TXT' as const },
      { name: `shop.${zone}`, type: 'A' as const },
      { name: `missing.${zone}`, type: 'A' as const },
    ];
    return kinds[index % kinds.length];
  });

/** The baseline: decode, look the question up in a Map, encode; nothing else. */
const bareResponder = (answers: ReadonlyMap<string, Answer[]>): Promise<{ socket: Socket; port: number }> =>
  new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.on('message', (message, remote) => {
      const query = dnsPacket.decode(message);
      const question = query.questions![0];
      const found = answers.get(`${question.name}/${question.type}`) ?? [];
      const answer = dnsPacket.encode({
        type: 'response',
        id: query.id,
        flags: dnsPacket.AUTHORITATIVE_ANSWER | (found.length === 0 ? 3 : 0),
        questions: query.questions,
        answers: found,
      });
      socket.send(answer, remote.port, remote.address);
    });
    socket.bind(0, '127.0.0.1', () => resolve({ socket, port: (socket.address() as AddressInfo).port }));
  });

/** Sends the questions with IN_FLIGHT outstanding; resolves with each one's latency in ms and the seconds taken. */
const load = (port: number, questions: readonly { name: string; type: 'A' | 'TXT' }[]) =>
  new Promise<{ latencies: number[]; seconds: number }>((resolve) => {
    const client = createSocket('udp4');
    const sentAt = new Map<number, bigint>();
    const latencies: number[] = [];
    let next = 0;
    const started = process.hrtime.bigint();
    const send = () => {
      if (next >= questions.length) return;
      const id = next & 0xffff;
      const question = questions[next++];
      sentAt.set(id, process.hrtime.bigint());
      client.send(dnsPacket.encode({ type: 'query', id, questions: [question] }), port, '127.0.0.1');
    };
    client.on('message', (message) => {
      const id = message.readUInt16BE(0);
      const at = sentAt.get(id);
      if (at === undefined) return;
      sentAt.delete(id);
      latencies.push(Number(process.hrtime.bigint() - at) / 1e6);
      if (latencies.length === questions.length) {
        client.close();
        resolve({ latencies, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
      } else send();
    });
    client.bind(0, '127.0.0.1', () => {
      for (let index = 0; index < IN_FLIGHT; index += 1) send();
    });
  });

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const main = async () => {
  const zones = new ServedZones({
    nameservers: ['ns1.domain-engine.test', 'ns2.domain-engine.test'],
    hostmaster: 'hostmaster.domain-engine.test',
    open: () => '',
    hostingAddresses: [],
    forSalePageOf: (apex) => `http://localhost/market/${apex}`,
  });
  const bare = new Map<string, Answer[]>();
  for (let index = 0; index < ZONES; index += 1) {
    const name = zoneName(index);
    const address = addressOf(index);
    zones.put(name, {
      name,
      accountId: 'acc-bench',
      records: [
        { id: `rr-a-${index}`, subName: '', type: 'A', values: [address], ttl: 300 },
        { id: `rr-w-${index}`, subName: 'www', type: 'A', values: [address], ttl: 300 },
        { id: `rr-t-${index}`, subName: '', type: 'TXT', values: [`v=spf1 ip4:${address} -all`], ttl: 300 },
        { id: `rr-c-${index}`, subName: 'shop', type: 'CNAME', values: [`www.${name}`], ttl: 300 },
      ],
      nameservers: null,
      ds: [],
      resolution: true,
      signing: null,
      hosting: [],
      serial: 1,
    });
    const a = (owner: string): Answer => ({ name: owner, type: 'A', ttl: 300, class: 'IN', data: address });
    bare.set(`${name}/A`, [a(name)]);
    bare.set(`www.${name}/A`, [a(`www.${name}`)]);
    bare.set(`${name}/TXT`, [{ name, type: 'TXT', ttl: 300, class: 'IN', data: `v=spf1 ip4:${address} -all` }]);
    bare.set(`shop.${name}/A`, [a(`www.${name}`)]);
  }
  const listener = new DnsListener(new DnsResponder(zones, () => false));
  const ours = await listener.listen('127.0.0.1', 0);
  const baseline = await bareResponder(bare);
  const measured = { ours: { latencies: [] as number[], seconds: 0 }, bare: { latencies: [] as number[], seconds: 0 } };
  await load(ours, questionsOf(2_000)); // warm both up
  await load(baseline.port, questionsOf(2_000));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [which, port] of [
      ['ours', ours],
      ['bare', baseline.port],
    ] as const) {
      const { latencies, seconds } = await load(port, questionsOf(QUERIES));
      measured[which].latencies.push(...latencies);
      measured[which].seconds += seconds;
    }
  }
  const figures = (which: 'ours' | 'bare') => {
    const { latencies, seconds } = measured[which];
    return { qps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  };
  const [o, b] = [figures('ours'), figures('bare')];
  console.log(
    `${ZONES} zones, ${ROUNDS} x ${QUERIES} queries, ${IN_FLIGHT} in flight, UDP on loopback\n` +
      `our server:      ${o.qps.toFixed(0)} queries/s, p50 ${o.p50.toFixed(2)} ms, p99 ${o.p99.toFixed(2)} ms\n` +
      `bare dns-packet: ${b.qps.toFixed(0)} queries/s, p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms\n` +
      `ratio (ours / bare, queries/s): ${(o.qps / b.qps).toFixed(2)} (goal: at least 0.5)`,
  );
  await listener.close();
  baseline.socket.close();
};

void main();
