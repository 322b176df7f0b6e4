import { Global, Module } from '@nestjs/common';
import { Pool } from 'pg';
import { ChainIndex } from '../../application/chains/chain-index.port';
import { ChainReader } from '../../application/chains/chain-reader.port';
import { ChainHeads } from '../../application/chains/chain-heads';
import { ChainRpc } from '../../application/chains/chain-rpc.port';
import { ChainWriter } from '../../application/chains/chain-writer.port';
import { Runtime } from '../runtime';
import { ChainIndexers } from './chain-indexers';
import { ChainWriteJournal } from './chain-write-journal';
import { ChainConnections } from './chain-connections';
import { NodeChainRpc } from './node-chain-rpc';
import { ViemChainReader } from './viem-chain-reader';
import { ViemChainWriter } from './viem-chain-writer';

/**
 * The chains of `Runtime.chains`: the viem reader, the writer with its journal, their nodes' JSON-RPC, and the
 * indexers (which tell how far resolution reaches).
 */
@Global()
@Module({
  providers: [
    { provide: ChainWriteJournal, useFactory: (pool: Pool) => new ChainWriteJournal(pool), inject: [Pool] },
    {
      provide: ChainConnections,
      useFactory: (runtime: Runtime) => new ChainConnections(runtime.chains.networks, runtime.chains.relayerKey),
      inject: [Runtime],
    },
    {
      provide: ChainReader,
      useFactory: (chains: ChainConnections) => new ViemChainReader(chains),
      inject: [ChainConnections],
    },
    {
      provide: ChainWriter,
      useFactory: (chains: ChainConnections, reader: ChainReader, journal: ChainWriteJournal) =>
        new ViemChainWriter(chains, reader, journal),
      inject: [ChainConnections, ChainReader, ChainWriteJournal],
    },
    {
      provide: ChainRpc,
      useFactory: (runtime: Runtime) => new NodeChainRpc(runtime.chains.networks),
      inject: [Runtime],
    },
    ChainHeads,
    ChainIndexers,
    { provide: ChainIndex, useExisting: ChainIndexers },
  ],
  exports: [ChainReader, ChainWriter, ChainRpc, ChainHeads, ChainIndexers, ChainIndex],
})
export class ChainAdaptersModule {}
