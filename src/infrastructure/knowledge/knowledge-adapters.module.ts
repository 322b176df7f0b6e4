import { Global, Module } from '@nestjs/common';
import { Pool } from 'pg';
import { KnowledgeIndex, KnowledgeSources } from '../../application/knowledge/knowledge-index.port';
import { KnowledgeFiles } from './knowledge-files';
import { PostgresKnowledgeIndex } from './postgres-knowledge-index';

/** The open searches' index (PostgreSQL full-text search with pg_trgm) and the files it is made from. */
@Global()
@Module({
  providers: [
    { provide: KnowledgeIndex, useFactory: (pool: Pool) => new PostgresKnowledgeIndex(pool), inject: [Pool] },
    { provide: KnowledgeSources, useClass: KnowledgeFiles },
  ],
  exports: [KnowledgeIndex, KnowledgeSources],
})
export class KnowledgeAdaptersModule {}
