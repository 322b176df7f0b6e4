import { Module } from '@nestjs/common';
import { DnsServer } from './dns-server.service';
import { ZoneMirror } from './zone-mirror';

/** The authoritative DNS server (UDP and TCP) of the zones on our nameservers. */
@Module({ providers: [ZoneMirror, DnsServer], exports: [ZoneMirror, DnsServer] })
export class DnsServerModule {}
