import { Module } from '@nestjs/common';
import { Web3DomainReader } from './web3-domain.reader';

/** Surface C's view of domains, from the resolution and operation-list read models. */
@Module({ providers: [Web3DomainReader], exports: [Web3DomainReader] })
export class Web3DomainsModule {}
