import { Module } from '@nestjs/common';
import { DnsServer } from './dns-server.service';

/** The authoritative DNS server (UDP and TCP) of the zones on our nameservers. */
@Module({ providers: [DnsServer], exports: [DnsServer] })
export class DnsServerModule {}
