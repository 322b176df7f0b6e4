import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import {
  Conversation,
  ConversationEvent,
  ConversationMessage,
  marketConversationDecider,
  marketConversationStream,
} from '../../domain/marketplace/conversation';
import { marketKeyDecider, marketKeyStream } from '../../domain/marketplace/market-key';
import { DomainError, NotFound } from '../../domain/shared/errors';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream, transact, writeAfter } from '../shared/handle-command';
import { MarketParties } from './market-parties';

/** The key of a buyer's and a seller's conversation about a name: in a stream's name and JSON, so no NUL (account
 * ids hold no space). */
const keyOf = (name: string, sellerAccountId: string, buyerAccountId: string): string =>
  `${name} ${sellerAccountId} ${buyerAccountId}`;

/** Conversation ids are drawn at random below 2^48, as listing ids are. */
const CONVERSATION_IDS = 2 ** 48;

/** The conversation of a buyer and a seller about a name: always the same one, found by its key. */
@Injectable()
export class MarketConversations {
  constructor(
    private readonly store: EventStore,
    private readonly parties: MarketParties,
    private readonly clock: Clock,
  ) {}

  /** Their conversation about the name, if they had one; nothing is started. */
  async find(
    name: string,
    sellerAccountId: string,
    buyerAccountId: string,
  ): Promise<{ conversation: Conversation | null; isExisting: boolean }> {
    const { state } = await loadStream(
      this.store,
      marketKeyStream('conversation', keyOf(name, sellerAccountId, buyerAccountId)),
      marketKeyDecider,
    );
    return state.value === null
      ? { conversation: null, isExisting: false }
      : { conversation: await this.load(Number(state.value)), isExisting: true };
  }

  /** Their conversation about the name: the one they had, or one started now. */
  async open(
    name: string,
    sellerAccountId: string,
    buyerAccountId: string,
  ): Promise<{ conversation: Conversation; isExisting: boolean }> {
    const key = keyOf(name, sellerAccountId, buyerAccountId);
    const found = await loadStream(this.store, marketKeyStream('conversation', key), marketKeyDecider);
    if (found.state.value !== null)
      return { conversation: await this.load(Number(found.state.value)), isExisting: true };
    const conversationId = randomInt(1, CONVERSATION_IDS);
    const at = this.clock.now();
    try {
      const { result } = await transact(this.store, { accountId: buyerAccountId }, async (streams) => {
        const keyStream = await streams.load(marketKeyStream('conversation', key), marketKeyDecider);
        const value = String(conversationId);
        const taken = marketKeyDecider.decide(
          { type: 'TakeMarketKey', data: { kind: 'conversation', key, value, at } },
          keyStream.state,
        );
        const buyerKey = this.parties.buyerKeyOf(sellerAccountId, buyerAccountId, at);
        const buyer = await streams.load(marketKeyStream('buyer', buyerKey.data.key), marketKeyDecider);
        const conversation = await streams.load(marketConversationStream(conversationId), marketConversationDecider);
        const started = marketConversationDecider.decide(
          { type: 'StartConversation', data: { conversationId, name, buyerAccountId, sellerAccountId, at } },
          conversation.state,
        );
        return {
          writes: [
            writeAfter(keyStream, taken),
            writeAfter(buyer, marketKeyDecider.decide(buyerKey, buyer.state)),
            writeAfter(conversation, started),
          ],
          result: started.reduce(marketConversationDecider.evolve, conversation.state) as Conversation,
        };
      });
      return { conversation: result, isExisting: false };
    } catch (error) {
      // started at the same moment by another request: theirs is the conversation
      if (!(error instanceof DomainError) || error.code !== 'CONFLICT') throw error;
      return this.open(name, sellerAccountId, buyerAccountId);
    }
  }

  /** A conversation of the account's; another's, and one that does not exist, are told alike. */
  async of(conversationId: number, accountId: string): Promise<Conversation> {
    const conversation = await this.load(conversationId);
    if (conversation.buyerAccountId !== accountId && conversation.sellerAccountId !== accountId)
      throw new NotFound('conversation', String(conversationId));
    return conversation;
  }

  /** Sends a message from one of the participants: the conversation after it, and the message. */
  async send(
    conversationId: number,
    senderAccountId: string,
    content: string,
  ): Promise<{ conversation: Conversation; message: ConversationMessage }> {
    const command = {
      type: 'SendMessage',
      data: { conversationId, senderAccountId, content, at: this.clock.now() },
    } as const;
    const { state, events } = await handleCommand(
      this.store,
      marketConversationStream(conversationId),
      marketConversationDecider,
      command,
      { accountId: senderAccountId },
    );
    const [sent] = events.flatMap((event) => (event.type === 'MessageSent' ? [event.data] : []));
    return { conversation: state as Conversation, message: sent };
  }

  /** Marks what the reader has seen as read; nothing when it has nothing unread. */
  async markRead(conversationId: number, accountId: string): Promise<readonly ConversationEvent[]> {
    const command = {
      type: 'MarkConversationRead',
      data: { conversationId, accountId, at: this.clock.now() },
    } as const;
    const { events } = await handleCommand(
      this.store,
      marketConversationStream(conversationId),
      marketConversationDecider,
      command,
      { accountId },
    );
    return events;
  }

  private async load(conversationId: number): Promise<Conversation> {
    const { state } = await loadStream(this.store, marketConversationStream(conversationId), marketConversationDecider);
    if (state.status === 'NONE') throw new NotFound('conversation', String(conversationId));
    return state;
  }
}
