import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import { Readiness } from '../../../application/shared/readiness';
import { Metrics } from '../../../infrastructure/metrics/metrics';

/**
 * Readiness: 200 once the process has finished starting (`Readiness`: migrations, chains, workers, demo accounts)
 * and while PostgreSQL answers; 503 before, naming the steps still pending, and while the database is down.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly pool: Pool,
    private readonly metrics: Metrics,
    private readonly readiness: Readiness,
  ) {}

  @Get('health')
  @HttpCode(200)
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    const started = Date.now();
    try {
      await this.pool.query('select 1');
      const database = { status: 'up', latencyMs: Date.now() - started };
      if (this.readiness.ready) return { status: 'ok', database };
      void reply.status(503);
      return { status: 'starting', pending: this.readiness.pendingSteps(), database };
    } catch {
      void reply.status(503);
      return { status: 'unavailable', database: { status: 'down' } };
    }
  }

  @Get('metrics')
  async prometheus(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    void reply.header('content-type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
