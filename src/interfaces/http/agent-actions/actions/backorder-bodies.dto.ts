import { applyDecorators } from '@nestjs/common';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { BACKORDER_STATUSES } from '../../../../domain/dns-domains/backorder';
import { IfPresent } from '../../shared/validation';
import { MAX_COUNT, NAME_LENGTH } from './action-bodies.dto';
import { DomainName, Lines } from './cart-bodies.dto';

/** The bodies of the backorder actions and the drop list (`agent-actions.openapi.json`). */

/** Epoch milliseconds up to the year 275760, the last a date can hold. */
const Timestamp = (use: string) =>
  applyDecorators(Min(0), Max(8_640_000_000_000_000), IsInt(), JSONSchema({ description: use }));

const Offset = () => applyDecorators(Min(0), Max(MAX_COUNT), IsInt(), IfPresent());
const Limit = (max: number, otherwise: number) =>
  applyDecorators(
    Min(1),
    Max(max),
    IsInt(),
    IfPresent(),
    JSONSchema({ description: `1 to ${max} (default ${otherwise})` }),
  );
const Query = () =>
  applyDecorators(
    IfPresent(),
    IsString(),
    MaxLength(NAME_LENGTH),
    JSONSchema({ description: 'Only names holding this text' }),
  );

/** `[min, max]`, both included. */
const Range = (what: string) =>
  applyDecorators(
    IfPresent(),
    IsArray(),
    ArrayMinSize(2),
    ArrayMaxSize(2),
    IsInt({ each: true }),
    Min(0, { each: true }),
    Max(MAX_COUNT, { each: true }),
    JSONSchema({ description: `${what} from the first number to the second, both included` }),
  );

export class BackorderLine {
  @DomainName() name!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @JSONSchema({ description: "One of the user's contacts (svc_contacts_list): the name is registered for it" })
  contactId!: string;

  @Timestamp("The name's deletionTimestamp from svc_expireds_list: the drop the backorder waits for")
  availableAfterTimestamp!: number;
}

@JSONSchema({
  examples: [
    {
      domains: [
        { name: 'dropping.com', contactId: 'con_3b241101-e2bb-4255-8caf-4136c566a962', availableAfterTimestamp: 0 },
      ],
    },
  ],
})
export class BackorderCreateBody {
  @Lines(() => BackorderLine, 50) domains!: BackorderLine[];
}

export class BackorderCancelBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(Number.MAX_SAFE_INTEGER, { each: true })
  @JSONSchema({ description: 'Backorder ids, as svc_backorder_create and svc_backorders_list give them' })
  backorderIds!: number[];
}

export class BackordersListBody {
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(BACKORDER_STATUSES.length)
  @IsIn(BACKORDER_STATUSES, { each: true })
  @JSONSchema({ description: 'Only backorders in these statuses (all when absent)' })
  status?: string[];

  @Query() query?: string;
  @Offset() offset?: number;
  @Limit(100, 20) limit?: number;
}

export class ExpiredsListBody {
  @Query() query?: string;

  @IfPresent()
  @IsIn(['COMING_SOON', 'AVAILABLE_BACKORDER'])
  @JSONSchema({
    description:
      'COMING_SOON: its holder can still renew or restore it; AVAILABLE_BACKORDER: it will drop at deletionTimestamp',
  })
  status?: string;

  @IfPresent()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(63, { each: true })
  @JSONSchema({ description: 'Only names under these TLDs (without the dot)' })
  tlds?: string[];

  @IfPresent()
  @IsIn(['name', 'deletionAt', 'labelLength', 'watchlistCount', 'backorderCount'])
  @JSONSchema({ description: 'The order (default deletionAt: the next to drop first)' })
  sortBy?: string;

  @IfPresent() @IsIn(['ASC', 'DESC']) sortDirection?: string;
  @Range('The label length') lengthRange?: number[];
  @Range('The backorders waiting') bidsRange?: number[];
  @Range('The watchers') watchlistRange?: number[];
  @Offset() offset?: number;
  @Limit(500, 100) limit?: number;
}
