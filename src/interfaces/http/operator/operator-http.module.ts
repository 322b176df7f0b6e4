import { Module } from '@nestjs/common';
import { DnsDomainsModule } from '../../../application/dns-domains/dns-domains.module';
import { OperatorController } from './operator.controller';
import { OperatorReads } from './operator-reads';

/** The operator API (`/operator/v1`), and the reads the console shares with it. */
@Module({
  imports: [DnsDomainsModule],
  controllers: [OperatorController],
  providers: [OperatorReads],
  exports: [OperatorReads],
})
export class OperatorHttpModule {}
