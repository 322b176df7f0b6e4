import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AddAccountFunds } from '../../src/application/commerce/operator-commerce.commands';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { freshName, newHolder } from '../support/market';
import { createTestApp, TestApp } from '../support/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;
type Tools = { call(name: string, args?: Record<string, unknown>): Promise<Answer> };

/**
 * Issue 27's proof through MCP: two agents, each on the official SDK client with its user's key, sell a name by
 * offer from listing to payment, as an assistant would, using only tools.
 */
describe('the marketplace through MCP', () => {
  let subject: TestApp;
  let base: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    subject = await createTestApp();
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(subject.app.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await subject?.close();
  });

  const toolsOf = async (key: string): Promise<Tools> => {
    const client = new Client({ name: 'market-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp/v1`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    clients.push(client);
    return {
      call: async (name, args = {}) => {
        const result = await client.callTool({ name, arguments: args });
        expect([name, result.isError ?? false]).toEqual([name, false]);
        return result.structuredContent as Answer;
      },
    };
  };

  it('lists, takes an offer, talks, accepts, is paid, and moves the name, every step a tool', async () => {
    const sellerUser = await newHolder(subject, [freshName('mcp')]);
    const [name] = sellerUser.names;
    const buyerUser = await newAgent(subject);
    await buyerUser.action('svc_contact_create', ADA_CONTACT);
    await subject.app
      .get(CommandBus)
      .execute(new AddAccountFunds(buyerUser.accountId, randomUUID(), 'BALANCE', 1_000_000, 'test'));
    const seller = await toolsOf(sellerUser.key);
    const buyer = await toolsOf(buyerUser.key);

    const listing = await seller.call('svc_listing_create', {
      domains: [{ domainName: name, priceInCents: 800_000, listingSettings: { minOfferAmountInCents: 200_000 } }],
    });
    expect(listing.results[0]).toMatchObject({ success: true, domainName: name });
    const found = await buyer.call('svc_domains_search', { query: name });
    expect(found.results[0]).toMatchObject({
      available: true,
      marketplace: { status: 'registered-listed-for-sale', source: 'service' },
    });

    const offer = await buyer.call('svc_offer_create', { domainName: name, priceInCents: 500_000, message: 'Hello!' });
    const { conversationId } = offer;
    const incoming = await seller.call('svc_offers_list', { group: 'active' });
    const { buyerId } = incoming.offers[0];
    const lead = await seller.call('svc_lead_get', { domain: name, buyerId });
    expect(lead.conversation).toMatchObject({ id: conversationId, isExisting: true });
    await seller.call('svc_lead_message_send', { conversationId, content: 'Make it $6,000 and it is yours.' });
    const read = await buyer.call('svc_lead_messages_list', { conversationId });
    expect(read.messages[0]).toMatchObject({ content: 'Make it $6,000 and it is yours.', senderRole: 'SELLER' });

    const better = await buyer.call('svc_offer_create', { domainName: name, priceInCents: 600_000 });
    const answer = await seller.call('svc_offer_respond', { offers: [{ id: better.offer.id, action: 'accept' }] });
    expect(answer.results[0]).toMatchObject({ success: true, newStatus: 'accepted' });
    const paid = await buyer.call('svc_cart_checkout', {});
    expect(paid).toMatchObject({ success: true, operations: [{ domain: name, type: 'marketplace purchase' }] });
    await subject.settled();

    const mine = await buyer.call('svc_portfolio_list', { searchTerm: name });
    expect(mine.domains.map((domain: { name: string }) => domain.name)).toEqual([name]);
    expect((await seller.call('svc_portfolio_list', { searchTerm: name })).domains).toEqual([]);
    expect((await seller.call('svc_cart_get_payment_methods')).accountBalance.amount).toBe(540_000);
    expect((await seller.call('svc_offers_list', { group: 'sold' })).offers[0]).toMatchObject({
      id: better.offer.id,
      status: 'completed',
    });
    expect((await subject.app.get(SandboxRegistry).info(name))?.contacts?.registrant).toMatch(/^con_/);
    const after = await buyer.call('svc_domains_search', { query: name });
    expect(after.results[0].marketplace.status).toBe('registered-not-for-sale');
  });
});
