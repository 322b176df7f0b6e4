import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { ChainHeads } from '../../../application/chains/chain-heads';
import { ResolutionSettings } from '../../../application/resolution/resolution-settings';
import { Readiness } from '../../../application/shared/readiness';
import { DatabaseProbe, MetricsExposition } from '../../../application/shared/service-health.port';

/**
 * Readiness: 200 once the process has finished starting (`Readiness`: migrations, chains, workers, demo accounts)
 * and while PostgreSQL and every chain's node answer; 503 before, naming the steps still pending, and while the
 * database, the event store or read models' database of its own (`EVENT_STORE_URL`, `MONGODB_URL`) or a chain cannot
 * be reached, naming them (`unavailable`: `database`, `event store`, `read models`, `chain MATIC`...).
 */
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseProbe,
    private readonly metrics: MetricsExposition,
    private readonly readiness: Readiness,
    private readonly heads: ChainHeads,
    private readonly resolution: ResolutionSettings,
  ) {}

  @Get('health')
  @HttpCode(200)
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    const [database, eventStore, readModels, chains] = await Promise.all([
      this.database.roundTripMs().then(
        (latencyMs) => ({ status: 'up', latencyMs }),
        () => ({ status: 'down' }),
      ),
      // an event store of its own (EVENT_STORE_URL) is reached apart from PostgreSQL, and can be down alone
      this.database.eventStore(),
      this.database.readModels(),
      Promise.all(
        this.resolution.blockchains.map(async (blockchain) => {
          const head = await this.heads.headOf(blockchain);
          return [blockchain, head === null ? { status: 'down' } : { status: 'up', head }] as const;
        }),
      ),
    ]);
    const unavailable = [
      ...(database.status === 'down' ? ['database'] : []),
      ...(eventStore === 'down' ? ['event store'] : []),
      ...(readModels === 'down' ? ['read models'] : []),
      ...chains.filter(([, chain]) => chain.status === 'down').map(([blockchain]) => `chain ${blockchain}`),
    ];
    const parts = {
      database,
      ...(eventStore ? { eventStore: { status: eventStore } } : {}),
      ...(readModels ? { readModels: { status: readModels } } : {}),
      ...(chains.length > 0 ? { chains: Object.fromEntries(chains) } : {}),
    };
    if (unavailable.length > 0) {
      void reply.status(503);
      return { status: 'unavailable', unavailable, ...parts };
    }
    if (this.readiness.ready) return { status: 'ok', ...parts };
    void reply.status(503);
    return { status: 'starting', pending: this.readiness.pendingSteps(), ...parts };
  }

  @Get('metrics')
  async prometheus(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('content-type', this.metrics.contentType);
    return this.metrics.text();
  }
}
