import { FastifyReply } from 'fastify';
import { ChainHeads } from '../../../application/chains/chain-heads';
import { ResolutionSettings } from '../../../application/resolution/resolution-settings';
import { Readiness } from '../../../application/shared/readiness';
import { DatabaseProbe, MetricsExposition } from '../../../application/shared/service-health.port';
import { HealthController } from './health.controller';

/** The controller with a database that answers and an event store in the state given (undefined: none of its own). */
const healthWith = async (eventStore: 'up' | 'down' | undefined) => {
  const probe: DatabaseProbe = {
    roundTripMs: async () => 2,
    eventStore: () => eventStore && Promise.resolve(eventStore),
  };
  const controller = new HealthController(
    probe,
    {} as MetricsExposition,
    new Readiness(),
    {} as ChainHeads,
    { blockchains: [] } as unknown as ResolutionSettings,
  );
  let status = 200;
  const reply = { status: (code: number) => ((status = code), reply) } as unknown as FastifyReply;
  const body = await controller.health(reply);
  return { status, body };
};

describe('GET /health', () => {
  it('given the events kept in the database, when asked, then only the database is reported', async () => {
    expect(await healthWith(undefined)).toEqual({
      status: 200,
      body: { status: 'ok', database: { status: 'up', latencyMs: 2 } },
    });
  });

  it('given an event store of its own that answers, when asked, then it is reported up beside the database', async () => {
    expect(await healthWith('up')).toEqual({
      status: 200,
      body: { status: 'ok', database: { status: 'up', latencyMs: 2 }, eventStore: { status: 'up' } },
    });
  });

  it('given an event store of its own that is down, when asked, then 503 names it', async () => {
    expect(await healthWith('down')).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        unavailable: ['event store'],
        database: { status: 'up', latencyMs: 2 },
        eventStore: { status: 'down' },
      },
    });
  });
});
