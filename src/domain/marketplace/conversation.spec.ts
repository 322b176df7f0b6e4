// Equivalent mutants: the guards that tell a conversation never started (`status === 'NONE'` in participantRoleOf,
// made false or compared with ""), and unreadCountOf's guard for an account that is no participant (`!role` made
// false): a state with no participants has no buyer nor seller to match, and a role that is no one's has no last read
// message, to which no message id compares greater; both are there for the types, the answer is the same without.
import { deciderSpec } from '../../../test/support/decider-spec';
import { exactly } from '../../../test/support/decision-spec';
import { fold } from '../shared/decider';
import { NotFound, Refused } from '../shared/errors';
import {
  Conversation,
  CONVERSATION_EVENT_TYPES,
  ConversationEvent,
  latestMessageOf,
  marketConversationDecider,
  marketConversationStream,
  MAX_MESSAGES,
  messageProblemOf,
  messagesPageOf,
  participantRoleOf,
  SendMessage,
  StartConversation,
  unreadCountOf,
} from './conversation';

const at = Date.UTC(2026, 10, 27);
const given = deciderSpec(marketConversationDecider);
const buyer = 'acc-buyer';
const seller = 'acc-seller';
const conversationId = 1;

const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: { conversationId, name: 'sun.com', buyerAccountId: buyer, sellerAccountId: seller, at },
};
const start = (change: Partial<StartConversation['data']> = {}): StartConversation => ({
  type: 'StartConversation',
  data: { conversationId, name: 'sun.com', buyerAccountId: buyer, sellerAccountId: seller, at, ...change },
});
const sent = (messageId: number, sender: string, content = `message ${messageId}`): ConversationEvent => ({
  type: 'MessageSent',
  data: { conversationId, messageId, senderAccountId: sender, content, at: at + messageId },
});
const send = (sender: string, content = 'hello', when = at + 100): SendMessage => ({
  type: 'SendMessage',
  data: { conversationId, senderAccountId: sender, content, at: when },
});
const read = (accountId: string, lastReadMessageId: number): ConversationEvent => ({
  type: 'ConversationRead',
  data: { conversationId, accountId, lastReadMessageId, at: at + 200 },
});
const markRead = (accountId: string) => ({
  type: 'MarkConversationRead' as const,
  data: { conversationId, accountId, at: at + 200 },
});
const notFound = {
  code: 'NOT_FOUND' as const,
  message: exactly('conversation 1 was not found'),
  context: { id: '1' },
};
const conversationAfter = (...events: ConversationEvent[]): Conversation =>
  fold(marketConversationDecider, events) as Conversation;
const message = (messageId: number, sender: string) => ({
  messageId,
  senderAccountId: sender,
  content: `message ${messageId}`,
  at: at + messageId,
});

describe('a buyer and a seller talking about a name', () => {
  it('is a stream per conversation, started by no one at first', () => {
    expect(marketConversationStream(7)).toBe('market-conversation-7');
    given().thenState({ status: 'NONE' });
  });

  it('is started between a buyer and a seller, with no messages', () => {
    given().when(start()).then(started);
    expect(fold(marketConversationDecider, [started])).toEqual({
      status: 'STARTED',
      conversationId,
      name: 'sun.com',
      buyerAccountId: buyer,
      sellerAccountId: seller,
      messages: [],
      lastReadMessageId: { BUYER: 0, SELLER: 0 },
      startedAt: at,
    });
  });

  it('is started once: the same start again is a retry, another a conflict', () => {
    given(started).when(start()).thenNothing();
    const exists = { code: 'CONFLICT' as const, message: exactly('conversation 1 exists already'), context: {} };
    given(started)
      .when(start({ name: 'moon.com' }))
      .thenThrows(Refused, exists);
    given(started)
      .when(start({ buyerAccountId: 'acc-3' }))
      .thenThrows(Refused, exists);
    given(started)
      .when(start({ sellerAccountId: 'acc-3' }))
      .thenThrows(Refused, exists);
  });

  it('needs two accounts', () =>
    given()
      .when(start({ sellerAccountId: buyer }))
      .thenThrows(Refused, {
        code: 'VALIDATION',
        message: exactly('you cannot start a conversation with yourself'),
        context: {},
      }));

  it('takes messages from both participants, numbered from 1 in order', () => {
    given(started)
      .when(send(buyer, 'is it still for sale?'))
      .then({
        type: 'MessageSent',
        data: { conversationId, messageId: 1, senderAccountId: buyer, content: 'is it still for sale?', at: at + 100 },
      });
    given(started, sent(1, buyer))
      .when(send(seller, 'yes'))
      .then({
        type: 'MessageSent',
        data: { conversationId, messageId: 2, senderAccountId: seller, content: 'yes', at: at + 100 },
      });
    given(started, sent(1, buyer), sent(2, seller)).thenState({
      messages: [message(1, buyer), message(2, seller)],
    });
  });

  it('is told to anyone else like one that does not exist', () => {
    given(started).when(send('acc-3')).thenThrows(NotFound, notFound);
    given().when(send(buyer)).thenThrows(NotFound, notFound);
    given(started, sent(1, buyer)).when(markRead('acc-3')).thenThrows(NotFound, notFound);
    given().when(markRead(seller)).thenThrows(NotFound, notFound);
  });

  it('refuses a message that breaks a rule, saying which', () =>
    given(started)
      .when(send(buyer, ' \n '))
      .thenThrows(Refused, { code: 'VALIDATION', message: exactly('content: not only whitespace'), context: {} }));

  it('takes 1 to 1000 characters, counted as a person counts them', () => {
    const length = 'content: 1 to 1000 characters';
    expect(messageProblemOf('')).toBe(length);
    expect(messageProblemOf('a')).toBeUndefined();
    expect(messageProblemOf('a'.repeat(1000))).toBeUndefined();
    expect(messageProblemOf('a'.repeat(1001))).toBe(length);
    expect(messageProblemOf('😀'.repeat(1000))).toBeUndefined();
    expect(messageProblemOf('😀'.repeat(1001))).toBe(length);
  });

  it('takes text, line breaks and tabs, but not whitespace alone nor control characters', () => {
    expect(messageProblemOf(' \t\r\n\u00a0')).toBe('content: not only whitespace');
    const control = 'content: no control characters but line breaks and tabs';
    expect(messageProblemOf('a\u0000b')).toBe(control);
    expect(messageProblemOf('a\u0001b')).toBe(control);
    expect(messageProblemOf('a\u001fb')).toBe(control);
    expect(messageProblemOf('\u0000')).toBe(control);
    expect(messageProblemOf('a b\nc\r\n\td')).toBeUndefined();
    expect(messageProblemOf('a\u007f')).toBeUndefined();
  });

  it(`holds ${MAX_MESSAGES} messages at most`, () => {
    const messages = Array.from({ length: MAX_MESSAGES - 1 }, (_, i) => sent(i + 1, i % 2 ? buyer : seller));
    given(started, ...messages)
      .when(send(buyer))
      .then({
        type: 'MessageSent',
        data: { conversationId, messageId: MAX_MESSAGES, senderAccountId: buyer, content: 'hello', at: at + 100 },
      });
    given(started, ...messages, sent(MAX_MESSAGES, buyer))
      .when(send(seller))
      .thenThrows(Refused, {
        code: 'EXCEEDS_LIMIT',
        message: exactly('conversation 1 holds 5000 messages, the most it can'),
        context: {},
      });
  });

  it("is read up to its last message by a participant with unread messages from the other's side", () => {
    given(started, sent(1, seller), sent(2, buyer))
      .when(markRead(buyer))
      .then({
        type: 'ConversationRead',
        data: { conversationId, accountId: buyer, lastReadMessageId: 2, at: at + 200 },
      });
    given(started, sent(1, seller), sent(2, buyer), read(buyer, 2), sent(3, seller))
      .when(markRead(buyer))
      .then(read(buyer, 3));
    given(started, sent(1, buyer)).when(markRead(seller)).then(read(seller, 1));
  });

  it('is read again for nothing when nothing came from the other side since', () => {
    given(started).when(markRead(buyer)).thenNothing();
    given(started, sent(1, buyer), sent(2, buyer)).when(markRead(buyer)).thenNothing();
    given(started, sent(1, seller), read(buyer, 1)).when(markRead(buyer)).thenNothing();
    given(started, sent(1, seller), read(buyer, 1), sent(2, buyer)).when(markRead(buyer)).thenNothing();
  });

  it("keeps each participant's last read message", () => {
    given(started, sent(1, seller), read(buyer, 1)).thenState({ lastReadMessageId: { BUYER: 1, SELLER: 0 } });
    given(started, sent(1, seller), sent(2, buyer), read(seller, 2)).thenState({
      lastReadMessageId: { BUYER: 0, SELLER: 2 },
    });
  });

  it("counts a participant's unread messages from the other side", () => {
    const conversation = conversationAfter(started, sent(1, seller), sent(2, seller), sent(3, buyer));
    expect(unreadCountOf(conversation, buyer)).toBe(2);
    expect(unreadCountOf(conversation, seller)).toBe(1);
    expect(unreadCountOf(conversation, 'acc-3')).toBe(0);
    const later = conversationAfter(started, sent(1, seller), sent(2, seller), read(buyer, 1), sent(3, buyer));
    expect(unreadCountOf(later, buyer)).toBe(1);
    expect(unreadCountOf(later, seller)).toBe(1);
  });

  it('shows its latest message, none before the first', () => {
    expect(latestMessageOf(conversationAfter(started))).toBeNull();
    const three = conversationAfter(started, sent(1, buyer), sent(2, seller), sent(3, buyer));
    expect(latestMessageOf(three)).toEqual(message(3, buyer));
  });

  it('pages its messages newest first, each page older than the cursor', () => {
    const five = conversationAfter(started, ...[1, 2, 3, 4, 5].map((id) => sent(id, id % 2 ? buyer : seller)));
    const ids = (page: { messages: readonly { messageId: number }[] }) => page.messages.map((m) => m.messageId);
    const first = messagesPageOf(five, { before: null, take: 2 });
    expect(first).toEqual({ messages: [message(5, buyer), message(4, seller)], hasMore: true, nextCursor: 4 });
    const second = messagesPageOf(five, { before: 4, take: 2 });
    expect({ ...second, messages: ids(second) }).toEqual({ messages: [3, 2], hasMore: true, nextCursor: 2 });
    const last = messagesPageOf(five, { before: 2, take: 2 });
    expect({ ...last, messages: ids(last) }).toEqual({ messages: [1], hasMore: false, nextCursor: null });
    const whole = messagesPageOf(five, { before: null, take: 5 });
    expect({ ...whole, messages: ids(whole) }).toEqual({ messages: [5, 4, 3, 2, 1], hasMore: false, nextCursor: null });
    expect(ids(messagesPageOf(five, { before: 99, take: 10 }))).toEqual([5, 4, 3, 2, 1]);
    expect(messagesPageOf(five, { before: 1, take: 2 })).toEqual({ messages: [], hasMore: false, nextCursor: null });
    expect(messagesPageOf(conversationAfter(started), { before: null, take: 20 })).toEqual({
      messages: [],
      hasMore: false,
      nextCursor: null,
    });
  });

  it('names the role of each participant, and of no one else', () => {
    const conversation = conversationAfter(started);
    expect(participantRoleOf(conversation, buyer)).toBe('BUYER');
    expect(participantRoleOf(conversation, seller)).toBe('SELLER');
    expect(participantRoleOf(conversation, 'acc-3')).toBeNull();
    expect(participantRoleOf({ status: 'NONE' }, buyer)).toBeNull();
  });

  it('tells its subscribers about every event it records', () => {
    const decided = (history: ConversationEvent[], command: Parameters<typeof marketConversationDecider.decide>[0]) =>
      marketConversationDecider.decide(command, fold(marketConversationDecider, history));
    const recorded = new Set(
      [
        ...decided([], start()),
        ...decided([started], send(buyer)),
        ...decided([started, sent(1, seller)], markRead(buyer)),
      ].map((event) => event.type),
    );
    expect(recorded.size).toBe(CONVERSATION_EVENT_TYPES.length);
    expect(new Set(CONVERSATION_EVENT_TYPES)).toEqual(recorded);
  });

  it('ignores what happens to a conversation never started, and fails loudly on a newer version', () => {
    for (const event of [sent(1, buyer), read(buyer, 1)])
      expect(fold(marketConversationDecider, [event])).toEqual({ status: 'NONE' });
    expect(() => marketConversationDecider.decide({ type: 'CloseConversation' } as never, { status: 'NONE' })).toThrow(
      /unexpected/,
    );
    expect(() => fold(marketConversationDecider, [{ type: 'ConversationClosed' } as never])).toThrow(/unexpected/);
  });
});
