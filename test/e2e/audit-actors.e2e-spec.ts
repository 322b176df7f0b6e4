import { Pool } from 'pg';
import { newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { freshName, newHolder } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Issue 29, first step of the audit: every event names who acted (its metadata's `actor`): the credential of the
 * request (never its secret), the worker that ran a dependency, the reactor that reacted, a visitor.
 */
describe('the actor of every event', () => {
  let subject: TestApp;
  let pool: Pool;

  beforeAll(async () => {
    subject = await createTestApp();
    pool = new Pool({ connectionString: subject.databaseUrl, max: 1 });
  });
  afterAll(async () => {
    await pool.end();
    await subject.close();
  });

  const actorsOf = async (streamPrefix: string): Promise<Record<string, string>> => {
    const { rows } = await pool.query<{ type: string; actor: string | null }>(
      "select type, metadata->>'actor' as actor from events where stream_id like $1 order by global_position",
      [`${streamPrefix}%`],
    );
    return Object.fromEntries(rows.map((row) => [row.type, row.actor ?? '']));
  };

  it('names the credential of a request, the worker that ran its operation and the reactor that followed', async () => {
    const agent = await newAgent(subject);
    const created = await agent.action('svc_contact_create', ADA_CONTACT);
    await subject.settled();
    const operationId: string = created.body.contact.operationId;
    const actors = await actorsOf(`operation-${operationId}`);
    expect(actors.OperationRequested).toMatch(/^credential:api_key:key:[0-9a-f]{20}$/);
    expect(actors.OperationRequested).not.toContain(agent.key.slice('svc_mcp_'.length, 'svc_mcp_'.length + 16));
    expect(actors.DependencyCompleted).toMatch(/^worker:[^:]+:\d+:[0-9a-f]{8}$/);
    expect((await actorsOf(`reseller-contact-${created.body.contact.id}`)).ContactCreated).toBe(
      actors.OperationRequested,
    );

    // a listing cancelled by its seller closes the offers on it: that closing is the reactor's
    const seller = await newHolder(subject, [freshName('audit')]);
    const [name] = seller.names;
    const listed = await seller.action('svc_listing_create', { domains: [{ domainName: name, priceInCents: 50_000 }] });
    const buyer = await newAgent(subject);
    const offer = await buyer.action('svc_offer_create', { domainName: name, priceInCents: 20_000 });
    await seller.action('svc_listing_cancel', { listingIds: [listed.body.results[0].listingId] });
    await subject.settled();
    const offerActors = await actorsOf(`market-offer-${offer.body.offer.id}`);
    expect(offerActors.OfferMade).toMatch(/^credential:api_key:/);
    expect(offerActors.OfferClosed).toBe('reactor:market-offer-closings');
  });

  it('names a visitor for a signup, which no credential makes', async () => {
    const email = `audit-${Date.now()}@example.org`;
    const started = await subject.app.inject({
      method: 'POST',
      url: '/api/oauth/signup',
      payload: { email, password: 'Audit-pass-1!' },
    });
    expect(started.statusCode).toBe(200);
    const { rows } = await pool.query(
      "select metadata->>'actor' as actor from events where type = 'SignupRequested' order by global_position desc limit 1",
    );
    expect(rows).toEqual([{ actor: 'visitor' }]);
  });
});
