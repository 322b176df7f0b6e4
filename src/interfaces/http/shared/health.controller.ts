import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { FastifyReply } from 'fastify';
import { Readiness } from '../../../application/shared/readiness';
import { DatabaseProbe, MetricsExposition } from '../../../application/shared/service-health.port';

/**
 * Readiness: 200 once the process has finished starting (`Readiness`: migrations, chains, workers, demo accounts)
 * and while PostgreSQL answers; 503 before, naming the steps still pending, and while the database is down.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseProbe,
    private readonly metrics: MetricsExposition,
    private readonly readiness: Readiness,
  ) {}

  @Get('health')
  @HttpCode(200)
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    try {
      const database = { status: 'up', latencyMs: await this.database.roundTripMs() };
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
    void reply.header('content-type', this.metrics.contentType);
    return this.metrics.text();
  }
}
