import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
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
import { idPattern } from '../../../domain/shared/ids';
import { MAX_NAMESERVERS } from '../../../domain/dns-domains/dns-setup';
import { ContactPhoneDto } from './contact.dto';
import {
  DnssecRequestDto,
  DnssecUpdateDto,
  NameserversUpdateDto,
  RecordRequestDto,
  RecordsBatchDto,
} from './dns-setup.dto';
import { IfPresent } from '../shared/validation';

/** Registration bodies of surface D: shapes here; reseller-input checks names and contacts in depth. */

export class ContactRefDto {
  @Matches(idPattern('contact'), { message: 'is not a contact id (con_<uuid>)' })
  id!: string;
}

/** A contact by id, or a new one given inline (every field of `POST /contacts`). */
export class OwnerContactDto {
  @IfPresent()
  @Matches(idPattern('contact'), { message: 'is not a contact id (con_<uuid>)' })
  id?: string;

  @IfPresent() @IsString() @MaxLength(100) firstName?: string;
  @IfPresent() @IsString() @MaxLength(100) lastName?: string;
  @IfPresent() @IsString() @MaxLength(100) organization?: string;
  @IfPresent() @IsString() @MaxLength(100) email?: string;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => ContactPhoneDto)
  phone?: ContactPhoneDto;

  @IfPresent() @IsString() @MaxLength(100) street?: string;
  @IfPresent() @IsString() @MaxLength(100) city?: string;
  @IfPresent() @IsString() @MaxLength(100) stateProvince?: string;
  @IfPresent() @IsString() @MaxLength(16) postalCode?: string;
  @IfPresent() @IsString() @MaxLength(2) countryCode?: string;
}

export class RegistrationOwnerDto {
  @IsIn(['SELF'])
  @JSONSchema({ description: 'SELF: the account holds the name for its customer' })
  type!: 'SELF';

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => OwnerContactDto)
  contact?: OwnerContactDto;
}

export class NonRegistrantContactsDto {
  @IfPresent() @IsObject() @ValidateNested() @Type(() => ContactRefDto) admin?: ContactRefDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => ContactRefDto) tech?: ContactRefDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => ContactRefDto) billing?: ContactRefDto;
}

export class RegistrationDnsDto {
  @IfPresent()
  @IsInt()
  @Min(1)
  @Max(10)
  @JSONSchema({ description: 'Years; the shortest period the TLD allows when absent (a transfer adds one)' })
  period?: number;

  @IfPresent()
  @IsString()
  @MinLength(3)
  @MaxLength(250)
  @JSONSchema({ description: "The name's code at its registrar: the name is transferred in (a year added)" })
  authorizationCode?: string;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => NonRegistrantContactsDto)
  contacts?: NonRegistrantContactsDto;

  @IfPresent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_NAMESERVERS)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  @JSONSchema({ description: 'Host names, unique: the name is delegated to them instead of our nameservers' })
  nameservers?: string[];

  @IfPresent()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => RecordRequestDto)
  @JSONSchema({ description: 'Records to create in the new zone' })
  records?: RecordRequestDto[];

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => DnssecRequestDto)
  @JSONSchema({ description: 'DS records of the signing of the nameservers given (not with ours)' })
  dnssec?: DnssecRequestDto;
}

export class FlagStatusDto {
  @IsIn(['ENABLED', 'DISABLED'])
  status!: 'ENABLED' | 'DISABLED';
}

/** `PATCH /domains/{name}/flags`: the flags to change, each to a status. */
export class FlagsUpdateDto {
  @IfPresent() @IsObject() @ValidateNested() @Type(() => FlagStatusDto) DNS_RESOLUTION?: FlagStatusDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => FlagStatusDto) DNS_TRANSFER_OUT?: FlagStatusDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => FlagStatusDto) DNS_DELETE?: FlagStatusDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => FlagStatusDto) DNS_RENEW?: FlagStatusDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => FlagStatusDto) DNS_UPDATE?: FlagStatusDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => FlagStatusDto) DNS_WHOIS_PROXY?: FlagStatusDto;
}

@JSONSchema({
  examples: [
    {
      name: 'fresh-idea.com',
      owner: { type: 'SELF', contact: { id: 'con_3b241101-e2bb-4255-8caf-4136c566a962' } },
      dns: { period: 2 },
    },
  ],
})
export class RegisterDomainDto {
  @IsString()
  @MaxLength(300)
  @JSONSchema({ description: 'label.tld, in Unicode or A-label form', examples: ['fresh-idea.com'] })
  name!: string;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => RegistrationOwnerDto)
  owner?: RegistrationOwnerDto;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => RegistrationDnsDto)
  dns?: RegistrationDnsDto;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => FlagsUpdateDto)
  @JSONSchema({ description: "The new name's flags, set as it is registered (DNS_TRANSFER_OUT stays off 60 days)" })
  flags?: FlagsUpdateDto;
}

export class RenewalDto {
  @IsInt()
  @Min(1)
  @Max(10)
  @JSONSchema({ description: 'Years to add to the current expiry' })
  period!: number;

  @IfPresent()
  @IsString()
  @MaxLength(40)
  @JSONSchema({
    description:
      'The expiry the renewal starts from, as GET /renewals answered it (`expirationDate`); when the name expires ' +
      'on another day (it was renewed since), the renewal is refused with EXPIRATION_DATE_MISMATCH instead of ' +
      'renewing twice',
    examples: ['2027-11-23T16:42:05.000Z'],
  })
  expirationDate?: string;
}

export class InboundEligibilityDto {
  @IsString()
  @MinLength(3)
  @MaxLength(250)
  @JSONSchema({ description: "The name's authorization code, from its current registrar" })
  authorizationCode!: string;
}

/** `PATCH /domains/{name}/dns/contacts`: each role to change, to a contact by id or a new one. */
export class ContactsUpdateDto {
  @IfPresent() @IsObject() @ValidateNested() @Type(() => OwnerContactDto) owner?: OwnerContactDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => OwnerContactDto) admin?: OwnerContactDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => OwnerContactDto) tech?: OwnerContactDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => OwnerContactDto) billing?: OwnerContactDto;
}

/** `PATCH /domains/{name}`: contacts, flags, nameservers, DNSSEC and records in one operation. */
export class DomainUpdateDto {
  @IfPresent() @IsObject() @ValidateNested() @Type(() => ContactsUpdateDto) contacts?: ContactsUpdateDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => FlagsUpdateDto) flags?: FlagsUpdateDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => NameserversUpdateDto) nameservers?: NameserversUpdateDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => RecordsBatchDto) records?: RecordsBatchDto;
  @IfPresent() @IsObject() @ValidateNested() @Type(() => DnssecUpdateDto) dnssec?: DnssecUpdateDto;
}
