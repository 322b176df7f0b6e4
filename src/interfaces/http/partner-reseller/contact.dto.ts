import { Type } from 'class-transformer';
import { IsObject, IsString, Length, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IfPresent } from '../shared/validation';

/** Contact bodies of surface D (`decisions.md` §4): shapes here; `contact-rules` checks the values in depth. */

export class ContactPhoneDto {
  @IsString()
  @Matches(/^\+?[0-9]{1,3}$/, {
    message: 'must be a country calling code: one to three digits, with or without a plus',
  })
  @JSONSchema({ description: 'The country calling code, with or without its plus', examples: ['+1'] })
  dialingPrefix!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(20)
  @JSONSchema({ description: 'The number without the calling code; spaces, dots, dashes and brackets are ignored' })
  number!: string;
}

@JSONSchema({
  examples: [
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.net',
      phone: { dialingPrefix: '+44', number: '2071234567' },
      street: '1 Analytical Row',
      city: 'London',
      stateProvince: 'Greater London',
      postalCode: 'N1 9GU',
      countryCode: 'GB',
    },
  ],
})
export class ContactDto {
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  firstName!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(100)
  lastName!: string;

  @IfPresent()
  @IsString()
  @MaxLength(100)
  organization?: string;

  @IsString()
  @MaxLength(100)
  @JSONSchema({ format: 'email' })
  email!: string;

  @IsObject()
  @ValidateNested()
  @Type(() => ContactPhoneDto)
  phone!: ContactPhoneDto;

  @IsString()
  @MinLength(1)
  @MaxLength(100)
  street!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(100)
  city!: string;

  @IsString()
  @MaxLength(100)
  @JSONSchema({
    description: 'The state or province code where the country has a list (US, CA, AU); its name elsewhere',
  })
  stateProvince!: string;

  @IsString()
  @MaxLength(16)
  @JSONSchema({ description: "In the country's format; empty only where the country has no postal codes" })
  postalCode!: string;

  @IsString()
  @Length(2, 2)
  @JSONSchema({ description: 'ISO 3166-1 alpha-2', examples: ['GB'] })
  countryCode!: string;
}
