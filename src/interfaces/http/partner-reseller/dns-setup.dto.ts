import { Type } from 'class-transformer';
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
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { MAX_DS_RECORDS, RECORD_TYPES, TTL_RANGE } from '../../../domain/dns-domains/dns-setup';
import { IfPresent } from '../shared/validation';

/** A record a registration asks for (`decisions.md` §4); its values are checked per type by the DNS routes. */
export class RecordRequestDto {
  @IfPresent() @IsString() @MaxLength(253) subName?: string;

  @IsIn(RECORD_TYPES)
  type!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(1000, { each: true })
  values!: string[];

  @IsInt()
  @Min(TTL_RANGE.min)
  @Max(TTL_RANGE.max)
  @JSONSchema({ description: `Seconds, ${TTL_RANGE.min} to ${TTL_RANGE.max}` })
  ttl!: number;

  @IfPresent() @IsIn(['REPLACE', 'APPEND', 'DISALLOWED']) $upsert?: string;
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
