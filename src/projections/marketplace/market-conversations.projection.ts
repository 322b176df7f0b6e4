import { Projection } from '../../application/shared/projection';
import { ConversationEvent, ConversationStarted, MessageSent } from '../../domain/marketplace/conversation';

/** One conversation, for the lists of its two participants (`svc_leads_list`): newest activity first. */
export interface MarketConversationRow {
  readonly conversationId: number;
  readonly name: string;
  readonly buyerAccountId: string;
  readonly sellerAccountId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly messageCount: number;
  /** For the lists that hide conversations without a message (`skipEmpty`). */
  readonly hasMessages: boolean;
}

export const marketConversations: Projection<MarketConversationRow, ConversationStarted | MessageSent> = {
  name: 'market-conversations',
  version: 1,
  handles: ['ConversationStarted', 'MessageSent'],
  idOf: (event) => String(event.data.conversationId),
  evolve: (row, event: ConversationEvent) => {
    switch (event.type) {
      case 'ConversationStarted': {
        const { conversationId, name, buyerAccountId, sellerAccountId, at } = event.data;
        const started = { conversationId, name, buyerAccountId, sellerAccountId, createdAt: at, updatedAt: at };
        return { ...started, messageCount: 0, hasMessages: false };
      }
      case 'MessageSent':
        return row ? { ...row, updatedAt: event.data.at, messageCount: event.data.messageId, hasMessages: true } : null;
      default:
        return row ?? null;
    }
  },
};
