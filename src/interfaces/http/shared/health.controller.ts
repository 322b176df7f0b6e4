import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { Pool } from 'pg';
import { Metrics } from '../../../infrastructure/metrics/metrics';

/** Liveness and readiness in one: 200 when the process runs and PostgreSQL answers, 503 otherwise. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    private readonly pool: Pool,
    private readonly metrics: Metrics,
  ) {}

  @Get('health')
  @HttpCode(200)
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    const started = Date.now();
    try {
      await this.pool.query('select 1');
      return { status: 'ok', database: { status: 'up', latencyMs: Date.now() - started } };
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
