import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { MAX_DS_RECORDS, MAX_NAMESERVERS, RECORD_TYPES, TTL_RANGE } from '../../../../domain/dns-domains/dns-setup';
import { HOSTING_TYPES } from '../../../../domain/dns-domains/hosting';
import { idPattern } from '../../../../domain/shared/ids';
import { DsRecordDto } from '../../partner-reseller/dns-setup.dto';
import { FlagStatusDto } from '../../partner-reseller/register.dto';
import { IfPresent } from '../../shared/validation';
import { NAME_LENGTH } from './action-bodies.dto';
import { DomainName, Lines, MarketplaceLine } from './cart-bodies.dto';

/**
 * The bodies of the DNS actions (`agent-actions.openapi.json`): records, nameservers, hosting, pending operations
 * and flags of the user's names, as surface D's DNS routes take them (dns-setup.dto), in batches of up to 50.
 */

/** Record types as the reference names them, and every other type our zones hold. */
const RecordType = () =>
  applyDecorators(IsIn(RECORD_TYPES), JSONSchema({ description: `One of ${RECORD_TYPES.join(', ')}` }));

const SubName = (use: string) =>
  applyDecorators(IfPresent(), IsString(), MaxLength(NAME_LENGTH), JSONSchema({ description: use }));

const Values = () =>
  applyDecorators(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(100),
    IsString({ each: true }),
    MaxLength(1000, { each: true }),
    JSONSchema({ description: "Values in the presentation form of the type (RFC 1035 §5.1 and the type's RFC)" }),
  );

const Ttl = () =>
  applyDecorators(
    Min(TTL_RANGE.min),
    Max(TTL_RANGE.max),
    IsInt(),
    IfPresent(),
    JSONSchema({ description: `Seconds, ${TTL_RANGE.min} to ${TTL_RANGE.max} (default 3600)` }),
  );

const RecordId = () =>
  applyDecorators(
    Matches(idPattern('dnsRecord'), { message: 'is not a record id (rr-<uuid>, from svc_dns_records_list)' }),
    JSONSchema({ description: "A record set's id, as svc_dns_records_list gives it" }),
  );

const Cursor = () =>
  applyDecorators(
    IfPresent(),
    IsString(),
    MinLength(1),
    MaxLength(1024),
    JSONSchema({ description: "The previous page's pagination.nextCursor" }),
  );

/** `confirmDeleteAll`: true, said on purpose. */
const Confirmation = (what: string) =>
  applyDecorators(Equals(true, { message: 'must be true' }), JSONSchema({ enum: [true], description: what }));

@JSONSchema({ examples: [{ domain: 'sunrise.com' }, { domain: 'sunrise.com', type: 'MX', subName: '@' }] })
export class DnsRecordsListBody {
  @DomainName() domain!: string;
  @IfPresent() @RecordType() type?: string;
  @SubName('Only the record sets at this name below the domain (`www`; `@` for the apex)') subName?: string;
  @Cursor() cursor?: string;
}

export class DnsRecordAddLine {
  @DomainName() domain!: string;
  @RecordType() type!: string;
  @SubName('The name below the domain (`www`, `_sip._tcp`, `*.shop`); the apex when absent or `@`') subName?: string;
  @Values() values!: string[];
  @Ttl() ttl?: number;
}

@JSONSchema({
  examples: [{ records: [{ domain: 'sunrise.com', type: 'A', subName: 'www', values: ['203.0.113.10'] }] }],
})
export class DnsRecordAddBody {
  @Lines(() => DnsRecordAddLine, 50) records!: DnsRecordAddLine[];

  @IfPresent()
  @IsIn(['append', 'replace', 'disallowed'])
  @JSONSchema({
    description:
      'When a name already has records of the type: add these values to them, replace them, or refuse (disallowed, the default)',
  })
  upsertMode?: 'append' | 'replace' | 'disallowed';
}

export class DnsRecordUpdateLine {
  @DomainName() domain!: string;
  @RecordId() recordId!: string;
  @Values() values!: string[];
  @Ttl() ttl?: number;
}

export class DnsRecordUpdateBody {
  @Lines(() => DnsRecordUpdateLine, 50) records!: DnsRecordUpdateLine[];
}

export class DnsRecordRemoveLine {
  @DomainName() domain!: string;
  @RecordId() recordId!: string;
}

export class DnsRecordRemoveBody {
  @Lines(() => DnsRecordRemoveLine, 50) records!: DnsRecordRemoveLine[];
}

export class DnsRecordsRemoveAllBody {
  @Lines(() => MarketplaceLine, 50) domains!: MarketplaceLine[];
  @Confirmation('Deletes every record set of these domains that is not read-only') confirmDeleteAll!: true;
}

export class DnsNameserversListBody {
  @DomainName() domain!: string;

  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'Also list the DS records the registry publishes for the name' })
  includeDnssec?: boolean;
}

export class DnssecRecordsDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_DS_RECORDS)
  @ValidateNested({ each: true })
  @Type(() => DsRecordDto)
  @JSONSchema({ description: "The DS records of the nameservers' signing, published at the registry with them" })
  records!: DsRecordDto[];
}

export class CustomNameserversLine {
  @DomainName() name!: string;

  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(12)
  @IsString({ each: true })
  @MaxLength(NAME_LENGTH, { each: true })
  @JSONSchema({ description: `Host names, 2 to 12, unique (at most ${MAX_NAMESERVERS} in all)` })
  nameservers!: string[];

  @IfPresent() @IsObject() @ValidateNested() @Type(() => DnssecRecordsDto) dnssec?: DnssecRecordsDto;
}

export class NameserversSetCustomBody {
  @Lines(() => CustomNameserversLine, 50) domains!: CustomNameserversLine[];
}

export class NameserversSetDefaultBody {
  @Lines(() => MarketplaceLine, 50) domains!: MarketplaceLine[];
}

export class DnsHostingListBody {
  @DomainName() domain!: string;
  @Cursor() cursor?: string;
}

/** The hosting types an agent may ask for: ours, and the listing's for-sale page. */
export const AGENT_HOSTING_TYPES = ['LISTING_PAGE', ...HOSTING_TYPES] as const;

export class HostingAddLine {
  @DomainName() name!: string;

  @IsIn(AGENT_HOSTING_TYPES)
  @JSONSchema({
    description:
      "REDIRECT_301 or REDIRECT_302 to targetUrl, REVERSE_PROXY to targetUrl's origin, or LISTING_PAGE: the name's for-sale page on this service (the name must be listed)",
  })
  type!: string;

  @IfPresent()
  @IsString()
  @MaxLength(2000)
  @JSONSchema({ description: 'An absolute http(s) URL; every type but LISTING_PAGE needs one' })
  targetUrl?: string;

  @SubName('The hosted name below the domain (`www`); the apex when absent') subName?: string;

  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'Accepted for clients of the reference; the hosting never needs it here' })
  forceCompatibility?: boolean;
}

export class HostingAddBody {
  @Lines(() => HostingAddLine, 50) domains!: HostingAddLine[];
}

export class HostingRemoveLine {
  @DomainName() name!: string;
  @SubName('The hosted name to stop hosting; the apex when absent') subName?: string;

  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'Stop hosting every hosted name of the domain (needs confirmDeleteAll)' })
  deleteAll?: boolean;
}

export class HostingRemoveBody {
  @Lines(() => HostingRemoveLine, 50) domains!: HostingRemoveLine[];
  @IfPresent() @Confirmation('Confirms the deleteAll of any domain') confirmDeleteAll?: true;
}

export class PendingOperationsBody {
  @Lines(() => MarketplaceLine, 50) domains!: MarketplaceLine[];

  @IfPresent()
  @IsBoolean()
  @JSONSchema({ description: 'Also list the operations that ended (completed, failed, cancelled), newest first' })
  includeCompleted?: boolean;
}

export class AgentFlagsBody {
  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => FlagStatusDto)
  @JSONSchema({ description: 'ENABLED lets the name be transferred to another registrar; DISABLED locks it' })
  DNS_TRANSFER_OUT?: FlagStatusDto;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => FlagStatusDto)
  @JSONSchema({ description: "ENABLED hides the registrant's details in the public registration data" })
  DNS_WHOIS_PROXY?: FlagStatusDto;
}

export class DomainFlagsUpdateBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(NAME_LENGTH, { each: true })
  domains!: string[];

  @IsObject() @ValidateNested() @Type(() => AgentFlagsBody) flags!: AgentFlagsBody;
}
