import * as dnsPacket from 'dns-packet';
import type { Answer, Packet } from 'dns-packet';
import { answerQuestion, flagsOf, RCODE, Sections, ZoneLookup } from './authoritative-answer';
import { ServedZone } from './served-zone';
import { signedSections, signedZone } from './signed-sections';

/** The UDP payload our answers offer and the most they use whatever a client offers (RFC 9715: no fragmentation). */
const OUR_UDP_PAYLOAD = 1232;
const CLASSIC_UDP_PAYLOAD = 512;
/** Bytes of records per message of a zone transfer: well under the 65,535 a TCP message can carry. */
const AXFR_CHUNK_BYTES = 16_000;
/** The most one DNS message can be over TCP (its two-byte length). */
const MAX_MESSAGE = 65_535;
/** BADVERS, an extended rcode (RFC 6891 §6.1.3): 16, its upper eight bits in the OPT record. */
const BADVERS_UPPER = 1;

export type Transport = 'udp' | 'tcp';

/** Who may transfer whole zones (`DNS_TRANSFER_ALLOW`). */
export type TransferPolicy = (address: string) => boolean;

type Opt = Extract<Answer, { type: 'OPT' }>;

/** dns-packet's size of one resource record, which its type declarations leave out. */
const recordSizeOf = (record: Answer): number =>
  (dnsPacket as unknown as { answer: { encodingLength(record: Answer): number } }).answer.encodingLength(record);

const optOf = (query: Packet): Opt | undefined =>
  query.additionals?.find((answer): answer is Opt => answer.type === 'OPT');

/** A bare answer from the header alone: the id and opcode echoed, the rcode given (a query we could not read). */
const headerAnswer = (message: Buffer, rcode: number): Buffer => {
  const header = Buffer.alloc(12);
  message.copy(header, 0, 0, 2);
  header.writeUInt16BE(0x8000 | (message.readUInt16BE(2) & 0x7900) | rcode, 2);
  return header;
};

/**
 * Answers DNS messages for the zones we serve, as an authoritative server must (RFC 1034/1035, EDNS(0) of RFC 6891,
 * zone transfers of RFC 5936): every message read defensively, a malformed one answered FORMERR from its header or
 * dropped when even that is missing, never a thrown error.
 */
export class DnsResponder {
  constructor(
    private readonly zones: ZoneLookup & { zoneOf(name: string): ServedZone | undefined },
    private readonly transfers: TransferPolicy,
  ) {}

  /** The messages answering `message` (several for a zone transfer); none for what must not be answered. */
  respond(message: Buffer, transport: Transport, remote: string): Buffer[] {
    if (message.length < 12) return [];
    if (message[2] & 0x80) return []; // a response: answering it could loop two servers
    try {
      return this.answer(message, transport, remote);
    } catch {
      return [headerAnswer(message, RCODE.SERVFAIL)]; // a zone we could not encode: never a crashed listener
    }
  }

  private answer(message: Buffer, transport: Transport, remote: string): Buffer[] {
    let query: Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return [headerAnswer(message, RCODE.FORMERR)];
    }
    const opcode = (message.readUInt16BE(2) >> 11) & 0x0f;
    if (opcode !== 0) return [headerAnswer(message, RCODE.NOTIMP)];
    const questions = query.questions ?? [];
    if (questions.length !== 1) return [headerAnswer(message, RCODE.FORMERR)];
    const opt = optOf(query);
    if (opt && (opt.ednsVersion ?? 0) > 0)
      return [this.encode(query, this.empty(RCODE.NOERROR), transport, BADVERS_UPPER)];
    const [question] = questions;
    const zone = this.zones.zoneOf(question.name.toLowerCase().replace(/\.$/, ''));
    if (question.class !== 'IN' || !zone?.served) return [this.encode(query, this.empty(RCODE.REFUSED), transport)];
    if ((question.type as string) === 'AXFR' || (question.type as string) === 'IXFR') {
      return transport === 'tcp' && this.transfers(remote) && question.name.toLowerCase() === zone.apex
        ? this.transfer(query, zone)
        : [this.encode(query, this.empty(RCODE.REFUSED), transport)];
    }
    const sections = answerQuestion(this.zones, zone, question);
    const signed = zone.signing && ((opt?.flags ?? 0) & dnsPacket.DNSSEC_OK) !== 0;
    return [this.encode(query, signed ? signedSections(zone, sections) : sections, transport)];
  }

  private empty(rcode: number): Sections {
    return { rcode, authoritative: false, answers: [], authorities: [], additionals: [] };
  }

  /**
   * The whole zone: its SOA, every set (signed, with the NSEC chain, when DNSSEC is on), the SOA again (RFC 5936
   * §2.2), in messages of at most 100 answers. An ALIAS is ours alone: a secondary could not serve it, so it stays out.
   */
  private transfer(query: Packet, zone: ServedZone): Buffer[] {
    const soa = zone.nodes.get(zone.apex)!.get('SOA')!.answers;
    const sets = [...zone.nodes.values()].flatMap((node) =>
      [...node.values()].filter((set) => !set.aliasOf).flatMap((set) => set.answers),
    );
    const body = (zone.signing ? signedZone(zone, sets) : sets).filter((record) => !soa.includes(record));
    const messages: Buffer[] = [];
    let answers: Answer[] = [];
    let bytes = 0;
    const flush = () => {
      messages.push(this.encode(query, { ...this.empty(RCODE.NOERROR), authoritative: true, answers }, 'tcp'));
      [answers, bytes] = [[], 0];
    };
    for (const record of [...soa, ...body, ...soa]) {
      const size = recordSizeOf(record);
      if (bytes + size > AXFR_CHUNK_BYTES && answers.length > 0) flush();
      answers.push(record);
      bytes += size;
    }
    flush();
    return messages;
  }

  /** The answer in wire form; over UDP cut to the size the client takes, with TC set, when it does not fit. */
  private encode(query: Packet, sections: Sections, transport: Transport, extendedRcode = 0): Buffer {
    const opt = optOf(query);
    // the DO bit echoed (RFC 3225 §3)
    const flags = (opt?.flags ?? 0) & dnsPacket.DNSSEC_OK;
    const ours: Answer[] = opt
      ? [{ type: 'OPT', name: '.', udpPayloadSize: OUR_UDP_PAYLOAD, extendedRcode, ednsVersion: 0, flags } as Answer]
      : [];
    const packet = (answers: Answer[], authorities: Answer[], additionals: Answer[], truncated: boolean): Packet => ({
      type: 'response',
      id: query.id,
      flags: flagsOf(query, sections) | (truncated ? dnsPacket.TRUNCATED_RESPONSE : 0),
      questions: query.questions,
      answers,
      authorities,
      additionals: [...additionals, ...ours],
    });
    const whole = dnsPacket.encode(packet(sections.answers, sections.authorities, sections.additionals, false));
    const limit =
      transport === 'tcp'
        ? MAX_MESSAGE
        : opt
          ? Math.min(Math.max(opt.udpPayloadSize ?? CLASSIC_UDP_PAYLOAD, CLASSIC_UDP_PAYLOAD), OUR_UDP_PAYLOAD)
          : CLASSIC_UDP_PAYLOAD;
    if (whole.length <= limit) return whole;
    // over TCP nothing bigger can be sent: a set that outgrew a message (the zone's limits keep sets far smaller)
    if (transport === 'tcp') return headerAnswer(whole, RCODE.SERVFAIL);
    return dnsPacket.encode(packet([], [], [], true));
  }
}
