import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IfPresent } from '../../shared/validation';
import { NAME_LENGTH } from './action-bodies.dto';

@JSONSchema({
  examples: [
    { domains: ['sunrise.com'], targetAccountId: 'friend@example.org' },
    { domains: ['sunrise.com'], targetAccountId: 'friend@example.org', otpCode: '042917' },
  ],
})
export class DomainPushBody {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(NAME_LENGTH, { each: true })
  domains!: string[];

  @IsString()
  @MinLength(1)
  @MaxLength(320)
  @JSONSchema({ description: "The receiving user's account id (acc-...), or the email address it signed up with" })
  targetAccountId!: string;

  @IfPresent()
  @Matches(/^\d{6}$/, { message: 'must be the 6 digits mailed' })
  @JSONSchema({
    description:
      'The 6-digit code mailed for this push; leave it out (or give a stale one) to have a code mailed for these domains and this account',
  })
  otpCode?: string;
}
