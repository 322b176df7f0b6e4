import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { MAX_MESSAGE_LENGTH } from '../../../../domain/marketplace/conversation';
import { MAX_OFFER_CENTS } from '../../../../domain/marketplace/offer';
import { IfPresent } from '../../shared/validation';
import { NAME_LENGTH } from './action-bodies.dto';

/**
 * The bodies of surface A's offer and lead actions (`interface-spec.md` Surface A and Limits; `svc_offer_create` is
 * ours, documented as an extension). Ids are positive whole numbers below 2^53.
 */

const MAX_PAGE = 10_000;

export class OfferCreateBody {
  @IsString()
  @MinLength(1)
  @MaxLength(NAME_LENGTH)
  @JSONSchema({ description: 'A name listed on the marketplace that takes offers' })
  domainName!: string;

  @IsInt()
  @Min(1)
  @Max(MAX_OFFER_CENTS)
  @JSONSchema({ description: "The offer in US cents: at least the listing's minimum" })
  priceInCents!: number;

  @IfPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_MESSAGE_LENGTH)
  @JSONSchema({
    description: 'A note to the seller, posted with the offer in your conversation (1 to 1000 characters)',
  })
  message?: string;
}

export class OffersListBody {
  @IfPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(NAME_LENGTH)
  @JSONSchema({ description: 'Only offers on this name of yours' })
  domainName?: string;

  @IfPresent()
  @IsIn(['active', 'sold'])
  @JSONSchema({
    description: 'active: waiting for your answer or for the buyer to pay; sold: paid. Every offer when absent',
  })
  group?: 'active' | 'sold';

  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  @JSONSchema({ description: 'The page, from 1 (20 offers a page, newest first)' })
  page?: number;
}

export class OfferAnswer {
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  @JSONSchema({ description: "The offer's id (svc_offers_list)" })
  id!: number;

  @IsIn(['accept', 'reject'])
  @JSONSchema({ description: "accept: the buyer may buy at the offer's price for 7 days; reject: the offer ends" })
  action!: 'accept' | 'reject';
}

@JSONSchema({ examples: [{ offers: [{ id: 48213, action: 'accept' }] }] })
export class OfferRespondBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OfferAnswer)
  offers!: OfferAnswer[];
}

export class LeadsListBody {
  @IfPresent()
  @IsString()
  @MinLength(1)
  @MaxLength(NAME_LENGTH)
  @JSONSchema({ description: 'Only conversations about this name' })
  domain?: string;

  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'Leave out conversations without a message (default true)' })
  skipEmpty?: boolean;

  @IfPresent()
  @IsInt()
  @Min(0)
  @Max(MAX_PAGE * 100)
  @JSONSchema({ description: 'Conversations to skip (default 0)' })
  skip?: number;

  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(100)
  @JSONSchema({ description: 'Conversations to answer, 1 to 100 (default 20)' })
  take?: number;
}

export class LeadGetBody {
  @IsString()
  @MinLength(1)
  @MaxLength(NAME_LENGTH)
  @JSONSchema({ description: 'The name the conversation is about: one listed now, or one of yours with buyerId' })
  domain!: string;

  @IfPresent()
  @IsString()
  @Matches(/^buy_[0-9a-f]{32}$/, {
    message: 'must be a buyer id (buy_ and 32 hex) from svc_offers_list or svc_leads_list',
  })
  @JSONSchema({ description: 'A seller answering a buyer: the buyer id its offers and conversations show' })
  buyerId?: string;
}

const ConversationId = () =>
  applyDecorators(
    Min(1),
    Max(Number.MAX_SAFE_INTEGER),
    IsInt(),
    JSONSchema({ description: "The conversation's id (svc_lead_get, svc_leads_list)" }),
  );

export class LeadMessagesListBody {
  @ConversationId()
  conversationId!: number;

  @IfPresent()
  @IsString()
  @Matches(/^[1-9][0-9]{0,5}$/, { message: 'must be a nextCursor from an earlier page' })
  @JSONSchema({ description: "The previous page's nextCursor: older messages" })
  cursor?: string;
}

export class LeadMessageSendBody {
  @ConversationId()
  conversationId!: number;

  @IsString()
  @MinLength(1)
  @MaxLength(MAX_MESSAGE_LENGTH)
  @JSONSchema({ description: 'The message, 1 to 1000 characters; counter-offers are made here' })
  content!: string;
}
