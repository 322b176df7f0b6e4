import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../../application/identity/authenticator';
import { MarketConversations } from '../../../../application/marketplace/market-conversations';
import { MarketParties } from '../../../../application/marketplace/market-parties';
import { Registry } from '../../../../application/registry/registry.port';
import { EventStore } from '../../../../application/shared/event-store.port';
import { loadStream } from '../../../../application/shared/handle-command';
import {
  Conversation,
  ConversationMessage,
  latestMessageOf,
  messagesPageOf,
  unreadCountOf,
} from '../../../../domain/marketplace/conversation';
import { marketListingDecider, marketListingStream, openListingAt } from '../../../../domain/marketplace/listing';
import { NotFound } from '../../../../domain/shared/errors';
import { domainNameForms } from '../../../../domain/shared/idna';
import { ListLeads } from '../../../../projections/marketplace/market-conversations.queries';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { LeadGetBody, LeadMessageSendBody, LeadMessagesListBody, LeadsListBody } from './marketplace-bodies.dto';

const MESSAGES_PAGE = 20;
/** What a lead list shows of the latest message. */
const SHORT_MESSAGE = 120;

const iso = (millis: number): string => new Date(millis).toISOString();

/** The two participants, each by the id the other knows it by. */
const participantsOf = (parties: MarketParties, conversation: Conversation) => [
  { id: parties.buyerIdOf(conversation.sellerAccountId, conversation.buyerAccountId), role: 'BUYER' as const },
  { id: parties.sellerIdOf(conversation.sellerAccountId), role: 'SELLER' as const },
];

const messageView = (parties: MarketParties, conversation: Conversation, message: ConversationMessage) => ({
  id: message.messageId,
  content: message.content,
  senderId: parties.participantIdOf(conversation.sellerAccountId, message.senderAccountId),
  senderRole: message.senderAccountId === conversation.sellerAccountId ? 'SELLER' : 'BUYER',
  createdAt: iso(message.at),
});

/** The asked name as stored, whatever form it was asked in. */
const nameOf = (asked: string): string => domainNameForms(asked)?.name ?? asked.trim().toLowerCase();

@Injectable()
export class LeadsListAction implements AgentActionHandler<LeadsListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_leads_list',
    title: 'List conversations with buyers and sellers',
    description:
      "The user's conversations about names it sells (with buyers) or wants (with sellers), newest activity first: the latest message, how many the user has not read, and the participants by their marketplace ids. skip/take page them (take 1 to 100, default 20); conversations without a message are left out unless skipEmpty is false.",
    body: LeadsListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'LeadsListResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly conversations: MarketConversations,
    private readonly parties: MarketParties,
  ) {}

  async run(body: LeadsListBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const skip = body.skip ?? 0;
    const take = body.take ?? 20;
    const { rows, total } = await this.queries.execute(
      new ListLeads(accountId, {
        ...(body.domain === undefined ? {} : { name: nameOf(body.domain) }),
        skipEmpty: body.skipEmpty ?? true,
        skip,
        take,
      }),
    );
    const leads = await Promise.all(
      rows.map(async ({ conversationId }: { conversationId: number }) => {
        const conversation = await this.conversations.of(conversationId, accountId);
        const latest = latestMessageOf(conversation);
        const unread = unreadCountOf(conversation, accountId);
        return {
          id: conversationId,
          domainName: conversation.name,
          createdAt: iso(conversation.startedAt),
          updatedAt: iso(latest?.at ?? conversation.startedAt),
          latestMessage: latest ? messageView(this.parties, conversation, latest) : null,
          shortLatestMessageContent: latest ? [...latest.content].slice(0, SHORT_MESSAGE).join('') : '',
          unreadCount: unread,
          unreadMessageCount: unread,
          role: accountId === conversation.sellerAccountId ? 'SELLER' : 'BUYER',
          participants: participantsOf(this.parties, conversation),
        };
      }),
    );
    return { leads, total, skip, take };
  }
}

@Injectable()
export class LeadGetAction implements AgentActionHandler<LeadGetBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_lead_get',
    title: 'Open a conversation about a name',
    description:
      "The user's conversation about a name, the existing one or a new one: as a buyer, with the seller of a name listed now; as a seller answering a buyer, with buyerId (from svc_offers_list or svc_leads_list) about one of the user's names. Then read it with svc_lead_messages_list and write with svc_lead_message_send.",
    body: LeadGetBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, idempotent: true },
    answer: 'ContactSellerResponse',
  };

  constructor(
    private readonly conversations: MarketConversations,
    private readonly parties: MarketParties,
    private readonly store: EventStore,
    private readonly registry: Registry,
  ) {}

  async run(body: LeadGetBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const name = nameOf(body.domain);
    const { conversation, isExisting } = body.buyerId
      ? await this.asSeller(accountId, name, body.buyerId)
      : await this.asBuyer(accountId, name);
    return {
      conversation: {
        id: conversation.conversationId,
        domainName: conversation.name,
        createdAt: iso(conversation.startedAt),
        participants: participantsOf(this.parties, conversation),
        isExisting,
      },
      message: isExisting
        ? `Your conversation about ${conversation.name}: read it with svc_lead_messages_list.`
        : `Conversation started about ${conversation.name}: write with svc_lead_message_send.`,
    };
  }

  /** With the seller of the name's open listing: a name not listed has no seller to talk to. */
  private async asBuyer(accountId: string, name: string) {
    const [{ state }, now] = await Promise.all([
      loadStream(this.store, marketListingStream(name), marketListingDecider),
      this.registry.now(),
    ]);
    const open = openListingAt(state, now);
    if (!open || open.sellerAccountId === accountId) throw new NotFound('listing of', name);
    return this.conversations.open(name, open.sellerAccountId, accountId);
  }

  /** With a buyer the seller knows by id: one it never met is told like one that does not exist. */
  private async asSeller(accountId: string, name: string, buyerId: string) {
    const buyer = await this.parties.buyerOf(accountId, buyerId);
    if (!buyer) throw new NotFound('buyer', buyerId);
    return this.conversations.open(name, accountId, buyer);
  }
}

@Injectable()
export class LeadMessagesListAction implements AgentActionHandler<LeadMessagesListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_lead_messages_list',
    title: 'Read a conversation',
    description:
      "The messages of one of the user's conversations, newest first, 20 at a time: nextCursor gives the older ones. Reading marks them read. A conversation the user does not take part in is not found.",
    body: LeadMessagesListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: false, idempotent: true },
    answer: 'LeadMessagesListResponse',
  };

  constructor(
    private readonly conversations: MarketConversations,
    private readonly parties: MarketParties,
  ) {}

  async run(body: LeadMessagesListBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const conversation = await this.conversations.of(body.conversationId, accountId);
    const before = body.cursor === undefined ? null : Number(body.cursor);
    const page = messagesPageOf(conversation, { before, take: MESSAGES_PAGE });
    if (before === null) await this.conversations.markRead(body.conversationId, accountId);
    return {
      messages: page.messages.map((message) => messageView(this.parties, conversation, message)),
      hasMore: page.hasMore,
      nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
      conversationId: body.conversationId,
    };
  }
}

@Injectable()
export class LeadMessageSendAction implements AgentActionHandler<LeadMessageSendBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_lead_message_send',
    title: 'Write in a conversation',
    description:
      "Sends a message (1 to 1000 characters) in one of the user's conversations; the other participant is mailed. Counter-offers are proposed here: the buyer then makes the offer with svc_offer_create.",
    body: LeadMessageSendBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, idempotent: false, openWorld: true },
    answer: 'LeadMessageSendResponse',
  };

  constructor(
    private readonly conversations: MarketConversations,
    private readonly parties: MarketParties,
  ) {}

  async run(body: LeadMessageSendBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const { conversation, message } = await this.conversations.send(body.conversationId, accountId, body.content);
    return { message: messageView(this.parties, conversation, message), conversationId: body.conversationId };
  }
}
