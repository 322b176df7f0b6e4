import { assertNever } from '../shared/assert-never';
import { Decider } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import { DomainCommand, DomainEvent, MessageData } from '../shared/message';

/**
 * A buyer and a seller talking about a name (the leads of `svc_leads_list`), one stream per conversation: its two
 * participants alone send and read its messages; to anyone else it is told like one that does not exist.
 */
export const marketConversationStream = (conversationId: number): string => `market-conversation-${conversationId}`;

export const MAX_MESSAGE_LENGTH = 1000;
/** A conversation's messages are all folded on each command: past this, the stream grows too long to load. */
export const MAX_MESSAGES = 5000;

type Of<Data> = MessageData<{ conversationId: number }, Data>;
export type ConversationStarted = DomainEvent<
  'ConversationStarted',
  Of<{ name: string; buyerAccountId: string; sellerAccountId: string }>
>;
/** `messageId` counts the conversation's messages from 1. */
export type MessageSent = DomainEvent<
  'MessageSent',
  Of<{ messageId: number; senderAccountId: string; content: string }>
>;
export type ConversationRead = DomainEvent<'ConversationRead', Of<{ accountId: string; lastReadMessageId: number }>>;
export type ConversationEvent = ConversationStarted | MessageSent | ConversationRead;
export const CONVERSATION_EVENT_TYPES: readonly ConversationEvent['type'][] = [
  'ConversationStarted',
  'MessageSent',
  'ConversationRead',
];

export type StartConversation = DomainCommand<'StartConversation', ConversationStarted['data']>;
export type SendMessage = DomainCommand<'SendMessage', Of<{ senderAccountId: string; content: string }>>;
export type MarkConversationRead = DomainCommand<'MarkConversationRead', Of<{ accountId: string }>>;
export type ConversationCommand = StartConversation | SendMessage | MarkConversationRead;

export type ParticipantRole = 'BUYER' | 'SELLER';

export interface ConversationMessage {
  readonly messageId: number;
  readonly senderAccountId: string;
  readonly content: string;
  readonly at: number;
}

export interface Conversation {
  readonly status: 'STARTED';
  readonly conversationId: number;
  readonly name: string;
  readonly buyerAccountId: string;
  readonly sellerAccountId: string;
  /** In id order. */
  readonly messages: readonly ConversationMessage[];
  /** The last message each participant read; 0 before the first. */
  readonly lastReadMessageId: Readonly<Record<ParticipantRole, number>>;
  readonly startedAt: number;
}
export type MarketConversation = { readonly status: 'NONE' } | Conversation;

export interface MessagesPage {
  /** Newest first. */
  readonly messages: readonly ConversationMessage[];
  readonly hasMore: boolean;
  /** The `before` of the next page, while there is one. */
  readonly nextCursor: number | null;
}

export const participantRoleOf = (conversation: MarketConversation, accountId: string): ParticipantRole | null => {
  if (conversation.status === 'NONE') return null;
  if (accountId === conversation.buyerAccountId) return 'BUYER';
  return accountId === conversation.sellerAccountId ? 'SELLER' : null;
};

/** The messages from the other participant since the reader's last read; none for an account that is not one. */
export const unreadCountOf = (conversation: Conversation, accountId: string): number => {
  const role = participantRoleOf(conversation, accountId);
  if (!role) return 0;
  const lastRead = conversation.lastReadMessageId[role];
  return conversation.messages.filter((m) => m.messageId > lastRead && m.senderAccountId !== accountId).length;
};

export const latestMessageOf = (conversation: Conversation): ConversationMessage | null =>
  conversation.messages.at(-1) ?? null;

/** The `take` messages before the message `before` (from the newest when null), newest first; `take` is 1 or more. */
export const messagesPageOf = (
  conversation: Conversation,
  { before, take }: { before: number | null; take: number },
): MessagesPage => {
  const older = conversation.messages.filter((m) => before === null || m.messageId < before);
  const start = Math.max(older.length - take, 0);
  const messages = older.slice(start).reverse();
  const hasMore = start > 0;
  return { messages, hasMore, nextCursor: hasMore ? older[start].messageId : null };
};

/** What is wrong with a message's content, the first rule it breaks; none when it holds. */
export const messageProblemOf = (content: string): string | undefined => {
  const characters = [...content]; // code points: an emoji is one character, as a person counts
  if (characters.length < 1 || characters.length > MAX_MESSAGE_LENGTH)
    return `content: 1 to ${MAX_MESSAGE_LENGTH} characters`;
  if (content.trim() === '') return 'content: not only whitespace';
  if (characters.some((c) => c < ' ' && c !== '\n' && c !== '\r' && c !== '\t'))
    return 'content: no control characters but line breaks and tabs';
  return undefined;
};

const evolve = (conversation: MarketConversation, event: ConversationEvent): MarketConversation => {
  switch (event.type) {
    case 'ConversationStarted': {
      const { at, ...started } = event.data;
      return { status: 'STARTED', ...started, messages: [], lastReadMessageId: { BUYER: 0, SELLER: 0 }, startedAt: at };
    }
    case 'MessageSent': {
      if (conversation.status === 'NONE') return conversation;
      const { messageId, senderAccountId, content, at } = event.data;
      return { ...conversation, messages: [...conversation.messages, { messageId, senderAccountId, content, at }] };
    }
    case 'ConversationRead': {
      if (conversation.status === 'NONE') return conversation;
      const { accountId, lastReadMessageId: read } = event.data;
      const role = accountId === conversation.buyerAccountId ? 'BUYER' : 'SELLER'; // decide let no one else read
      return { ...conversation, lastReadMessageId: { ...conversation.lastReadMessageId, [role]: read } };
    }
    default:
      return assertNever(event);
  }
};

const isParticipant = (conversation: MarketConversation, accountId: string): conversation is Conversation =>
  participantRoleOf(conversation, accountId) !== null;

/** The conversation, to one of its participants. */
const participantsConversation = (
  conversation: MarketConversation,
  { conversationId, accountId }: { conversationId: number; accountId: string },
): Conversation => {
  if (!isParticipant(conversation, accountId)) throw new NotFound('conversation', String(conversationId));
  return conversation;
};

const startConversation = (conversation: MarketConversation, data: StartConversation['data']): ConversationEvent[] => {
  const { conversationId, name, buyerAccountId, sellerAccountId } = data;
  if (conversation.status === 'STARTED') {
    const same =
      conversation.name === name &&
      conversation.buyerAccountId === buyerAccountId &&
      conversation.sellerAccountId === sellerAccountId;
    if (same) return []; // started twice: a retried request
    throw new Refused('CONFLICT', `conversation ${conversationId} exists already`);
  }
  if (buyerAccountId === sellerAccountId)
    throw new Refused('VALIDATION', 'you cannot start a conversation with yourself');
  return [{ type: 'ConversationStarted', data }];
};

const sendMessage = (conversation: MarketConversation, data: SendMessage['data']): ConversationEvent[] => {
  const { conversationId, senderAccountId, content, at } = data;
  const { messages } = participantsConversation(conversation, { conversationId, accountId: senderAccountId });
  const problem = messageProblemOf(content);
  if (problem) throw new Refused('VALIDATION', problem);
  if (messages.length >= MAX_MESSAGES)
    throw new Refused(
      'EXCEEDS_LIMIT',
      `conversation ${conversationId} holds ${MAX_MESSAGES} messages, the most it can`,
    );
  return [
    { type: 'MessageSent', data: { conversationId, messageId: messages.length + 1, senderAccountId, content, at } },
  ];
};

const markConversationRead = (
  conversation: MarketConversation,
  data: MarkConversationRead['data'],
): ConversationEvent[] => {
  const read = participantsConversation(conversation, data);
  if (unreadCountOf(read, data.accountId) === 0) return []; // nothing new from the other side
  // ids count the messages from 1: the last one's is their number
  return [{ type: 'ConversationRead', data: { ...data, lastReadMessageId: read.messages.length } }];
};

const decide = (command: ConversationCommand, conversation: MarketConversation): ConversationEvent[] => {
  switch (command.type) {
    case 'StartConversation':
      return startConversation(conversation, command.data);
    case 'SendMessage':
      return sendMessage(conversation, command.data);
    case 'MarkConversationRead':
      return markConversationRead(conversation, command.data);
    default:
      return assertNever(command);
  }
};

export const marketConversationDecider: Decider<ConversationCommand, ConversationEvent, MarketConversation> = {
  initialState: () => ({ status: 'NONE' }),
  evolve,
  decide,
};
