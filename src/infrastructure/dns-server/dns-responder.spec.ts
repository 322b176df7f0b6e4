import * as dnsPacket from 'dns-packet';
import { transferPolicyOf } from './dns-server.service';
import { DnsResponder } from './dns-responder';
import { ServedZones } from './served-zones';

const zones = new ServedZones({
  nameservers: ['ns1.example.test'],
  hostmaster: 'h.example.test',
  open: () => '',
  hostingAddresses: [],
  forSalePageOf: (apex) => `https://market.test/market/${apex}`,
});
zones.put('zone.test', {
  name: 'zone.test',
  accountId: 'acc-1',
  records: [{ id: 'rr-1', subName: 'www', type: 'A', values: ['192.0.2.1'], ttl: 300 }],
  nameservers: null,
  ds: [],
  resolution: true,
  signing: null,
  hosting: [],
  serial: 7,
});
const responder = new DnsResponder(zones, transferPolicyOf('192.0.2.53,2001:db8::53'));
const axfr = Buffer.from(dnsPacket.encode({ type: 'query', id: 9, questions: [{ type: 'AXFR', name: 'zone.test' }] }));
const rcodeOf = (answer: Buffer) => answer.readUInt16BE(2) & 0x0f;

describe('zone transfers', () => {
  it('go to the secondaries the operator allows, over TCP, IPv4 ones as TCP shows them too', () => {
    for (const secondary of ['192.0.2.53', '::ffff:192.0.2.53', '2001:db8::53']) {
      const answers = responder.respond(axfr, 'tcp', secondary).map((answer) => dnsPacket.decode(answer));
      expect(answers.flatMap((answer) => answer.answers!.map((record) => record.type))).toEqual([
        'SOA',
        'NS',
        'A',
        'SOA',
      ]);
    }
  });

  it('are refused to anyone else, and over UDP', () => {
    expect(responder.respond(axfr, 'tcp', '198.51.100.7').map(rcodeOf)).toEqual([5]);
    expect(responder.respond(axfr, 'udp', '192.0.2.53').map(rcodeOf)).toEqual([5]);
  });
});
