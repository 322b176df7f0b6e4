import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AddAccountFunds } from '../../src/application/commerce/operator-commerce.commands';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { Agent, newAgent } from '../support/agent';
import { ADA_CONTACT } from '../support/contacts';
import { freshName, Holder, newHolder } from '../support/market';
import { ReceivedMail, SmtpInbox } from '../support/smtp-inbox';
import { createTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;

/** A mail's text with its quoted-printable soft line breaks undone. */
const textOf = (mail: ReceivedMail): string => mail.raw.replace(/=\r?\n/g, '');

/**
 * Issue 27's offers and leads between two user accounts through the agent actions: an offer, messages back and
 * forth (each mailed to the other side), an accepted offer paid at its price, the name moving and the seller paid;
 * a third account sees and changes none of it, told as for things that do not exist.
 */
describe('the marketplace: offers and conversations', () => {
  const inbox = new SmtpInbox();
  let subject: TestApp;

  beforeAll(async () => {
    await inbox.start();
    subject = await createTestApp({ env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await subject?.close();
    await inbox.stop();
  });

  const listed = async (price: number, minimum = 0): Promise<Holder & { listingId: number }> => {
    const seller = await newHolder(subject, [freshName('offers')]);
    const reply = await seller.action('svc_listing_create', {
      domains: [
        { domainName: seller.names[0], priceInCents: price, listingSettings: { minOfferAmountInCents: minimum } },
      ],
    });
    return { ...seller, listingId: reply.body.results[0].listingId };
  };
  const newBuyer = async () => {
    const buyer = await newAgent(subject);
    await buyer.action('svc_contact_create', ADA_CONTACT);
    await subject.app
      .get(CommandBus)
      .execute(new AddAccountFunds(buyer.accountId, randomUUID(), 'BALANCE', 1_000_000, 'test'));
    return buyer;
  };
  const portfolioEntry = async (agent: Agent, name: string) =>
    (await agent.action('svc_portfolio_list', { searchTerm: name })).body.domains.find(
      (domain: { name: string }) => domain.name === name,
    );

  it('runs a sale by offer: offer, messages both ways, a better offer accepted and paid, the name moved', async () => {
    const seller = await listed(500_000, 100_000);
    const [name] = seller.names;
    const buyer = await newBuyer();

    const low = await buyer.action('svc_offer_create', { domainName: name, priceInCents: 99_999 });
    expect(low).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining("at least the listing's minimum of 100000") },
    });
    const first = await buyer.action('svc_offer_create', {
      domainName: name,
      priceInCents: 300_000,
      message: 'Would you take $3,000?',
    });
    expect(first.status).toBe(200);
    expect(first.body.offer).toMatchObject({ domainName: name, priceInCents: 300_000, status: 'pending' });
    const { conversationId } = first.body;
    const offerMail = await inbox.mailTo(seller.email, (mail) => textOf(mail).includes('Would you take $3,000?'));
    expect(offerMail.subject).toBe(`New message about ${name}`);
    await inbox.mailTo(seller.email, (mail) => textOf(mail).includes(`Offer ${first.body.offer.id}: $3,000.00`));

    const incoming = await seller.action('svc_offers_list', { group: 'active' });
    expect(incoming.body).toMatchObject({
      offers: [{ id: first.body.offer.id, domainName: name, priceInCents: 300_000, sellerStatus: 'action_required' }],
      pagination: { page: 1, total: 1, hasMore: false },
    });
    const { buyerId } = incoming.body.offers[0];
    expect(buyerId).toMatch(/^buy_[0-9a-f]{32}$/);
    expect(buyerId).not.toContain(buyer.accountId.slice(4, 12));
    await subject.settled();
    expect(await portfolioEntry(seller, name)).toMatchObject({ offersCount: 1, leadsCount: 1 });

    // the seller answers the buyer by its id, in the same conversation
    const lead = await seller.action('svc_lead_get', { domain: name, buyerId });
    expect(lead.body.conversation).toMatchObject({ id: conversationId, isExisting: true, domainName: name });
    const counter = await seller.action('svc_lead_message_send', { conversationId, content: 'I would take $4,000.' });
    expect(counter.body.message).toMatchObject({ content: 'I would take $4,000.', senderRole: 'SELLER' });
    const counterMail = await inbox.mailTo(buyer.email, (mail) => textOf(mail).includes('I would take $4,000.'));
    expect(counterMail.subject).toContain(name);

    await subject.settled();
    const leads = await buyer.action('svc_leads_list', {});
    expect(leads.body).toMatchObject({
      total: 1,
      leads: [{ id: conversationId, domainName: name, unreadCount: 1, role: 'BUYER' }],
    });
    const messages = await buyer.action('svc_lead_messages_list', { conversationId });
    expect(messages.body.messages.map((message: { content: string }) => message.content)).toEqual([
      'I would take $4,000.',
      'Would you take $3,000?',
      `Offer ${first.body.offer.id}: $3,000.00 for ${name}, open until ${first.body.offer.expiresAt.slice(0, 10)}.`,
    ]);
    expect((await buyer.action('svc_leads_list', {})).body.leads[0].unreadCount).toBe(0);

    const second = await buyer.action('svc_offer_create', { domainName: name, priceInCents: 400_000 });
    const answered = await seller.action('svc_offer_respond', {
      offers: [{ id: second.body.offer.id, action: 'accept' }],
    });
    expect(answered.body).toMatchObject({
      successCount: 1,
      results: [
        {
          offerId: second.body.offer.id,
          domainName: name,
          success: true,
          newStatus: 'accepted',
          priceInCents: 400_000,
        },
      ],
    });
    // the accepted offer is in the buyer's cart at its price
    const cart = await buyer.action('svc_cart_get', {});
    expect(cart.body.items).toEqual([
      expect.objectContaining({ domain: name, productType: 'DomainListed', price: 400_000 }),
    ]);
    const paid = await buyer.action('svc_cart_checkout', {});
    expect(paid.body.success).toBe(true);
    await subject.settled();

    expect(await portfolioEntry(buyer, name)).toBeDefined();
    expect(await portfolioEntry(seller, name)).toBeUndefined();
    expect((await seller.action('svc_cart_get_payment_methods')).body.accountBalance.amount).toBe(360_000);
    const sold = await seller.action('svc_offers_list', { group: 'sold' });
    expect(sold.body.offers).toEqual([
      expect.objectContaining({ id: second.body.offer.id, status: 'completed', buyerStatus: 'purchased' }),
    ]);
    // the first offer closed with the sale
    expect((await seller.action('svc_offers_list', { group: 'active' })).body.offers).toEqual([]);
    const all = await seller.action('svc_offers_list', { domainName: name });
    expect(all.body.offers.map((offer: { status: string }) => offer.status)).toEqual(['completed', 'closed']);
  });

  it('shows a third account nothing: the conversation, the offer and the buyer id are as if they did not exist', async () => {
    const seller = await listed(200_000);
    const [name] = seller.names;
    const buyer = await newBuyer();
    const third = await newBuyer();
    const offer = await buyer.action('svc_offer_create', { domainName: name, priceInCents: 150_000 });
    const { conversationId } = offer.body;
    const buyerId = (await seller.action('svc_offers_list', {})).body.offers[0].buyerId;

    const nowhere = 2 ** 47 + 12_345;
    for (const id of [conversationId, nowhere]) {
      const read = await third.action('svc_lead_messages_list', { conversationId: id });
      expect(read).toMatchObject({ status: 404 });
      expect(read.body.message).toBe(`conversation ${id} was not found`);
      const write = await third.action('svc_lead_message_send', { conversationId: id, content: 'hello' });
      expect(write).toMatchObject({ status: 404 });
    }
    const respond = await third.action('svc_offer_respond', {
      offers: [{ id: offer.body.offer.id, action: 'accept' }],
    });
    expect(respond.body.results).toEqual([
      {
        offerId: offer.body.offer.id,
        action: 'accept',
        success: false,
        error: `offer ${offer.body.offer.id} was not found`,
      },
    ]);
    expect((await third.action('svc_offers_list', {})).body.offers).toEqual([]);
    expect((await third.action('svc_leads_list', { skipEmpty: false })).body).toMatchObject({ total: 0, leads: [] });
    const asSeller = await third.action('svc_lead_get', { domain: name, buyerId });
    expect(asSeller.status).toBe(404);
    // the same buyer is another id to another seller
    const other = await listed(100_000);
    await buyer.action('svc_offer_create', { domainName: other.names[0], priceInCents: 90_000 });
    const otherId = (await other.action('svc_offers_list', {})).body.offers[0].buyerId;
    expect(otherId).not.toBe(buyerId);
    expect(
      (await seller.action('svc_offer_respond', { offers: [{ id: offer.body.offer.id, action: 'reject' }] })).body
        .results[0],
    ).toMatchObject({ success: true, newStatus: 'rejected' });
  });

  it('lets offers expire by the clock, and closes them when the listing is cancelled', async () => {
    const seller = await listed(0, 5_000);
    const [name] = seller.names;
    const buyer = await newBuyer();
    // offers only: not to be bought until an offer is accepted
    expect((await buyer.action('svc_cart_add_domain_listed', { domains: [{ name }] })).body.successCount).toBe(0);
    const offer = await buyer.action('svc_offer_create', { domainName: name, priceInCents: 5_000 });
    await subject.app.get(SandboxRegistry).advanceClock(8 * DAY);
    const late = await seller.action('svc_offer_respond', { offers: [{ id: offer.body.offer.id, action: 'accept' }] });
    expect(late.body.results[0]).toMatchObject({
      success: false,
      error: `offer ${offer.body.offer.id} is expired, it can no longer be answered`,
    });
    const listedNow = await seller.action('svc_offers_list', {});
    expect(listedNow.body.offers[0]).toMatchObject({ status: 'expired', buyerStatus: 'expired' });

    const again = await buyer.action('svc_offer_create', { domainName: name, priceInCents: 6_000 });
    const accepted = await seller.action('svc_offer_respond', {
      offers: [{ id: again.body.offer.id, action: 'accept' }],
    });
    expect(accepted.body.results[0].success).toBe(true);
    expect((await buyer.action('svc_cart_get', {})).body.items[0]).toMatchObject({
      domain: name,
      price: 6_000,
      available: true,
    });
    await seller.action('svc_listing_cancel', { listingIds: [seller.listingId] });
    await subject.settled();
    expect((await seller.action('svc_offers_list', { domainName: name })).body.offers[0]).toMatchObject({
      id: again.body.offer.id,
      status: 'closed',
    });
    expect((await buyer.action('svc_cart_get', {})).body.items[0]).toMatchObject({ domain: name, available: false });
  });
});
