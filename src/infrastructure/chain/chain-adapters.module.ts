import { Global, Module } from '@nestjs/common';
import { Pool } from 'pg';
import { ChainGateway } from '../../application/chains/chain-gateway.port';
import { ChainIndex } from '../../application/chains/chain-index.port';
import { Runtime } from '../runtime';
import { ChainIndexers } from './chain-indexers';
import { ChainWriteJournal } from './chain-write-journal';
import { ViemChainGateway } from './viem-chain-gateway';

/** The chains of `Runtime.chains`: the viem gateway with its write journal, and the indexers (which tell how far resolution reaches). */
@Global()
@Module({
  providers: [
    { provide: ChainWriteJournal, useFactory: (pool: Pool) => new ChainWriteJournal(pool), inject: [Pool] },
    {
      provide: ChainGateway,
      useFactory: (runtime: Runtime, journal: ChainWriteJournal) => new ViemChainGateway(runtime.chains.networks, runtime.chains.relayerKey, journal),
      inject: [Runtime, ChainWriteJournal],
    },
    ChainIndexers,
    { provide: ChainIndex, useExisting: ChainIndexers },
  ],
  exports: [ChainGateway, ChainIndexers, ChainIndex],
})
export class ChainAdaptersModule {}
