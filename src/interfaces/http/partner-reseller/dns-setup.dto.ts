import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
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
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { MAX_DS_RECORDS, RECORD_TYPES, TTL_RANGE } from '../../../domain/dns-domains/dns-setup';
import { HOSTING_TYPES } from '../../../domain/dns-domains/hosting';
import { idPattern } from '../../../domain/shared/ids';
import { CursorQuery, Repeated } from '../shared/request-params';
import { IfPresent } from '../shared/validation';

/** Bodies of the DNS routes of surface D (`decisions.md` §4); dns-input checks values per type and sub names. */

const MAX_VALUES = 100;
/** Most record changes one request makes: a batch, or the records of a registration. */
const MAX_CHANGES = 100;

const Values = (required: boolean) =>
  applyDecorators(
    ...(required ? [] : [IfPresent()]),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_VALUES),
    IsString({ each: true }),
    MaxLength(1000, { each: true }),
    JSONSchema({ description: "Values in the presentation form of the type (RFC 1035 §5.1 and the type's RFC)" }),
  );

const Ttl = (required: boolean) =>
  applyDecorators(
    ...(required ? [] : [IfPresent()]),
    IsInt(),
    Min(TTL_RANGE.min),
    Max(TTL_RANGE.max),
    JSONSchema({ description: `Seconds, ${TTL_RANGE.min} to ${TTL_RANGE.max}` }),
  );

/** A record set to create (`POST /dns/records`, a batch's `create`, a registration's `records`). */
export class RecordRequestDto {
  @IfPresent()
  @IsString()
  @MaxLength(253)
  @JSONSchema({ description: 'The name below the domain (`www`, `_sip._tcp`, `*.shop`); the apex when absent or `@`' })
  subName?: string;

  @IsIn(RECORD_TYPES)
  type!: string;

  @Values(true) values!: string[];
  @Ttl(true) ttl!: number;

  @IfPresent()
  @IsIn(['REPLACE', 'APPEND', 'DISALLOWED'])
  @JSONSchema({
    description:
      'When the name already has records of the type: replace them, add these values to them, or refuse (the default)',
  })
  $upsert?: string;

  @IfPresent() @IsBoolean() $forceCompatibility?: boolean;
}

/** `PATCH /dns/records/{id}`: the values, the TTL, or both. */
export class RecordUpdateDto {
  @Values(true) values!: string[];
  @Ttl(false) ttl?: number;
}

export class RecordBatchUpdateDto {
  @Matches(idPattern('dnsRecord'), { message: 'is not a record id (rr-<uuid>)' })
  id!: string;

  @Values(false) values?: string[];
  @Ttl(false) ttl?: number;
  @IfPresent() @IsBoolean() $forceCompatibility?: boolean;
}

/** `records` of `PATCH /domains/{name}`: applied all or nothing, deletions first, then updates, then creations. */
export class RecordsBatchDto {
  @IfPresent()
  @IsArray()
  @ArrayMaxSize(MAX_CHANGES)
  @ValidateNested({ each: true })
  @Type(() => RecordRequestDto)
  create?: RecordRequestDto[];

  @IfPresent()
  @IsArray()
  @ArrayMaxSize(MAX_CHANGES)
  @ValidateNested({ each: true })
  @Type(() => RecordBatchUpdateDto)
  update?: RecordBatchUpdateDto[];

  @IfPresent()
  @IsArray()
  @ArrayMaxSize(MAX_CHANGES)
  @Matches(idPattern('dnsRecord'), { each: true, message: 'each must be a record id (rr-<uuid>)' })
  delete?: string[];
}

export class RecordIdParams {
  @IsString()
  @MaxLength(1024)
  @JSONSchema({ description: 'A DNS domain name, label.tld', examples: ['example.com'] })
  name!: string;

  @Matches(idPattern('dnsRecord'), { message: 'is not a record id (rr-<uuid>)' })
  id!: string;
}

export class RecordListQuery extends CursorQuery {
  @Repeated({ max: 50, oneOf: RECORD_TYPES, description: 'Only record sets of these types' })
  type?: string[];

  @Repeated({ max: 50, maxLength: 253, description: 'Only record sets at these names (`@` or empty for the apex)' })
  subName?: string[];
}

export class DsRecordDto {
  @IsInt() @Min(0) @Max(65535) keyTag!: number;
  @IsInt() algorithm!: number;
  @IsInt() digestType!: number;
  @IsString() @MaxLength(120) digest!: string;
}

export class DnssecRequestDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_DS_RECORDS)
  @ValidateNested({ each: true })
  @Type(() => DsRecordDto)
  items!: DsRecordDto[];
}

/** `PUT /dns/nameservers`: the customer's nameservers, with the DS records of their signing. */
export class NameserversPutDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  @JSONSchema({ description: 'Host names, unique, 1 to 13 (a host inside the domain needs an A or AAAA record)' })
  items!: string[];

  @IfPresent() @IsObject() @ValidateNested() @Type(() => DnssecRequestDto) dnssec?: DnssecRequestDto;
}

/** `nameservers` of `PATCH /domains/{name}`: the customer's, or ours again (`$revertToManaged`). */
export class NameserversUpdateDto {
  @IfPresent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  items?: string[];

  @IfPresent() @IsObject() @ValidateNested() @Type(() => DnssecRequestDto) dnssec?: DnssecRequestDto;
  @IfPresent() @IsBoolean() $revertToManaged?: boolean;
}

export class NameserversQuery {
  @Repeated({ max: 1, oneOf: ['dnssec'], description: 'Include the DS records and their validation' })
  $expand?: string[];
}

/** `POST /dns/security`: DNSSEC on; the body is optional. */
export class DnssecEnableDto {
  @IfPresent() @IsBoolean() $forceCompatibility?: boolean;
}

/** `dnssec` of `PATCH /domains/{name}`: our nameservers sign the zone, or stop. */
export class DnssecUpdateDto {
  @IsBoolean() enabled!: boolean;
  @IfPresent() @IsBoolean() $forceCompatibility?: boolean;
}

/** `PUT /dns/hosting`: a redirect or a reverse proxy for a name of the zone. */
export class HostingPutDto {
  @IsIn(HOSTING_TYPES) type!: string;

  @IfPresent()
  @IsString()
  @MaxLength(2000)
  @JSONSchema({ description: 'Where requests go: an absolute http(s) URL (the origin, for a reverse proxy)' })
  targetUrl?: string;

  @IfPresent()
  @IsString()
  @MaxLength(253)
  @JSONSchema({ description: 'The hosted name below the domain; the apex when absent' })
  subName?: string;

  @IfPresent() @IsBoolean() $forceCompatibility?: boolean;
}

/** `DELETE /dns/hosting`: which hosted name to stop hosting; the apex when absent. */
export class HostingDeleteDto {
  @IfPresent() @IsString() @MaxLength(253) subName?: string;
}

export class HostingListQuery extends CursorQuery {
  @Repeated({ max: 50, maxLength: 253, description: 'Only these hosted names (`@` or empty for the apex)' })
  subName?: string[];
}
