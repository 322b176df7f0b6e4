import {
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Validate,
  ValidatorConstraint,
  ValidatorConstraintInterface,
  ValidationArguments,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { emailProblems, normalizeEmail, passwordProblems } from '../../../domain/identity/signup-rules';

@ValidatorConstraint({ name: 'email' })
class EmailRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && emailProblems(normalizeEmail(value)).length === 0;
  }
  defaultMessage(args: ValidationArguments): string {
    return typeof args.value === 'string' ? emailProblems(normalizeEmail(args.value)).join(', ') : 'must be a string';
  }
}

@ValidatorConstraint({ name: 'password' })
class PasswordRule implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && passwordProblems(value).length === 0;
  }
  defaultMessage(args: ValidationArguments): string {
    return typeof args.value === 'string' ? passwordProblems(args.value).join(', ') : 'must be a string';
  }
}

@JSONSchema({ examples: [{ email: 'you@example.com', password: 'Str0ng-pass!' }] })
export class SignupBody {
  @Validate(EmailRule)
  @JSONSchema({
    type: 'string',
    format: 'email',
    maxLength: 254,
    description: 'An RFC 5322 address (dot-atom), lowercased',
  })
  email!: string;

  @Validate(PasswordRule)
  @JSONSchema({
    type: 'string',
    minLength: 8,
    maxLength: 256,
    description: 'An uppercase and a lowercase letter, a digit and another character; no control characters',
  })
  password!: string;
}

export class VerifyBody {
  @IsString()
  @MaxLength(200)
  signup_session_token!: string;

  @IsString()
  @Matches(/^[A-Za-z0-9]{6}$/, { message: 'verification_code must be 6 letters or digits' })
  verification_code!: string;
}

/** RFC 6749 §6 (form or JSON): refresh is the only grant this server issues tokens for outside the signup. */
export class TokenBody {
  @IsIn(['refresh_token'])
  grant_type!: 'refresh_token';

  @IsString()
  @MaxLength(200)
  refresh_token!: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  scope?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  client_id?: string;
}

/** RFC 7009 §2.1. */
export class RevokeBody {
  @IsString()
  @MaxLength(2000)
  token!: string;

  @IsOptional()
  @IsIn(['refresh_token', 'access_token'])
  token_type_hint?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  client_id?: string;
}
