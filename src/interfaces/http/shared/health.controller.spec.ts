import { FastifyReply } from 'fastify';
import { ChainHeads } from '../../../application/chains/chain-heads';
import { ResolutionSettings } from '../../../application/resolution/resolution-settings';
import { Readiness } from '../../../application/shared/readiness';
import { DatabaseProbe, MetricsExposition } from '../../../application/shared/service-health.port';
import { HealthController } from './health.controller';

type Own = 'up' | 'down' | undefined;

/**
 * The controller with a database that answers, and an event store and read models' database in the states given
 * (undefined: none of its own).
 */
const healthWith = async (eventStore: Own, readModels: Own = undefined) => {
  const probe: DatabaseProbe = {
    roundTripMs: async () => 2,
    eventStore: () => eventStore && Promise.resolve(eventStore),
    readModels: () => readModels && Promise.resolve(readModels),
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

  it('given read models on a server of their own, when it answers or not, then it is reported, and 503 names it', async () => {
    expect(await healthWith(undefined, 'up')).toEqual({
      status: 200,
      body: { status: 'ok', database: { status: 'up', latencyMs: 2 }, readModels: { status: 'up' } },
    });
    expect(await healthWith('up', 'down')).toEqual({
      status: 503,
      body: {
        status: 'unavailable',
        unavailable: ['read models'],
        database: { status: 'up', latencyMs: 2 },
        eventStore: { status: 'up' },
        readModels: { status: 'down' },
      },
    });
  });
});
