import { closed, count, JsonSchema, list, text } from '../shared/openapi/json-schema';
import { isoTime } from './answer-parts.openapi';

/** The answers of surface A's marketplace actions (listings, offers, leads), as their handlers write them. */

const id: JsonSchema = { type: 'integer', minimum: 1 };
const domainName: JsonSchema = { type: 'string', description: 'As stored: lowercase, IDNs as A-labels' };
const buyerId: JsonSchema = {
  type: 'string',
  pattern: '^buy_[0-9a-f]{32}$',
  description: 'The buyer as this seller knows it: the same for every offer and conversation, telling nothing more',
};
const participantId: JsonSchema = {
  type: 'string',
  pattern: '^(buy|sel)_[0-9a-f]{32}$',
  description: 'A participant by its marketplace id: buy_ for the buyer, sel_ for the seller',
};
const role: JsonSchema = { enum: ['BUYER', 'SELLER'] };

const LISTING_RESULT = closed(['success'], {
  domainName,
  listingId: { ...id, description: "The listing's id" },
  success: { type: 'boolean' },
  status: { enum: ['active', 'cancelled'] },
  priceInCents: { ...count, description: 'US cents; 0: offers only' },
  priceFormatted: text,
  expiresAt: { ...isoTime, description: 'When the listing ends' },
  error: { type: 'string', description: 'Why this listing was not made or changed; the others were' },
});

const listingAnswer = (): JsonSchema =>
  closed(['results', 'successCount', 'failureCount', 'message'], {
    results: list(LISTING_RESULT),
    successCount: count,
    failureCount: count,
    message: text,
  });

const OFFER = closed(
  [
    'id',
    'domainName',
    'priceInCents',
    'priceFormatted',
    'buyerId',
    'buyerUserId',
    'status',
    'buyerStatus',
    'sellerStatus',
    'expiresAt',
    'createdAt',
    'updatedAt',
  ],
  {
    id,
    domainName,
    priceInCents: { ...id, description: 'US cents' },
    priceFormatted: text,
    buyerId,
    buyerUserId: { ...buyerId, description: "The reference's name for buyerId" },
    status: { enum: ['pending', 'accepted', 'rejected', 'completed', 'closed', 'expired'] },
    buyerStatus: { enum: ['waiting_for_seller', 'payment_required', 'rejected', 'purchased', 'closed', 'expired'] },
    sellerStatus: { enum: ['action_required', 'waiting_for_payment', 'rejected', 'sold', 'closed', 'expired'] },
    expiresAt: { ...isoTime, description: 'An unanswered offer expires then' },
    payBy: { ...isoTime, description: 'An accepted offer: the buyer pays by then, or it expires' },
    createdAt: isoTime,
    updatedAt: isoTime,
  },
);

const MESSAGE = closed(['id', 'content', 'senderId', 'senderRole', 'createdAt'], {
  id: { ...id, description: "The message's number in its conversation" },
  content: text,
  senderId: participantId,
  senderRole: role,
  createdAt: isoTime,
});

const PARTICIPANTS = list(closed(['id', 'role'], { id: participantId, role }));

export const marketplaceSchemas = (): Record<string, JsonSchema> => ({
  CreateListingResponse: listingAnswer(),
  UpdateListingResponse: listingAnswer(),
  CancelListingResponse: listingAnswer(),
  CreateOfferResponse: closed(['success', 'offer', 'conversationId', 'message'], {
    success: { const: true },
    offer: OFFER,
    conversationId: { ...id, description: 'The conversation with the seller the offer was posted in' },
    message: text,
  }),
  ListOffersResponse: closed(['offers', 'pagination'], {
    offers: list(OFFER),
    pagination: closed(['page', 'pageSize', 'totalPages', 'total', 'hasMore'], {
      page: id,
      pageSize: id,
      totalPages: count,
      total: count,
      hasMore: { type: 'boolean' },
    }),
  }),
  RespondToOfferResponse: closed(['results', 'successCount', 'failureCount', 'message'], {
    results: list(
      closed(['offerId', 'action', 'success'], {
        offerId: id,
        domainName,
        action: { enum: ['accept', 'reject'] },
        success: { type: 'boolean' },
        priceInCents: id,
        priceFormatted: text,
        newStatus: { enum: ['accepted', 'rejected'] },
        error: { type: 'string', description: 'Why this offer was not answered; the others were' },
      }),
    ),
    successCount: count,
    failureCount: count,
    message: text,
  }),
  LeadsListResponse: closed(['leads', 'total', 'skip', 'take'], {
    leads: list(
      closed(
        [
          'id',
          'domainName',
          'createdAt',
          'updatedAt',
          'latestMessage',
          'shortLatestMessageContent',
          'unreadCount',
          'unreadMessageCount',
          'role',
          'participants',
        ],
        {
          id,
          domainName,
          createdAt: isoTime,
          updatedAt: isoTime,
          latestMessage: { anyOf: [MESSAGE, { type: 'null' }] },
          shortLatestMessageContent: { type: 'string', description: 'The latest message, cut to 120 characters' },
          unreadCount: count,
          unreadMessageCount: { ...count, description: "The reference's name for unreadCount" },
          role: { ...role, description: "The user's side of the conversation" },
          participants: PARTICIPANTS,
        },
      ),
    ),
    total: count,
    skip: count,
    take: id,
  }),
  ContactSellerResponse: closed(['conversation', 'message'], {
    conversation: closed(['id', 'domainName', 'createdAt', 'participants', 'isExisting'], {
      id,
      domainName,
      createdAt: isoTime,
      participants: PARTICIPANTS,
      isExisting: { type: 'boolean', description: 'false: started by this call' },
    }),
    message: text,
  }),
  LeadMessagesListResponse: closed(['messages', 'hasMore', 'nextCursor', 'conversationId'], {
    messages: list(MESSAGE),
    hasMore: { type: 'boolean' },
    nextCursor: { anyOf: [text, { type: 'null' }], description: 'Give it as cursor for older messages' },
    conversationId: id,
  }),
  LeadMessageSendResponse: closed(['message', 'conversationId'], { message: MESSAGE, conversationId: id }),
});
