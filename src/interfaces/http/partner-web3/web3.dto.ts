import { Type } from 'class-transformer';
import { Allow, IsDefined, IsIn, IsObject, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';

/** Optional, but never null: an absent property is not the same as an explicit null (nothing is coerced). */
const IfPresent = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

/** Request bodies of surface C. Shapes here; addresses, names and records are checked in depth by web3-input. */
export class OwnerDto {
  @IsIn(['SELF', 'EXTERNAL'])
  type!: 'SELF' | 'EXTERNAL';

  @IsString()
  @MaxLength(42)
  address!: string;
}

export class UpdateDomainDto {
  @IfPresent()
  @IsObject()
  records?: Record<string, unknown>;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => OwnerDto)
  owner?: OwnerDto;
}

export class ClaimDomainDto extends UpdateDomainDto {
  @IsString()
  @MaxLength(300)
  name!: string;
}

export class SignatureDto {
  @IsString()
  @MaxLength(4200)
  signature!: string;
}

export class SignDependencyDto {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => SignatureDto)
  transaction!: SignatureDto;
}

export class AccountUpdateDto {
  @IsString()
  @MaxLength(42)
  defaultWalletAddress!: string;
}

export class WalletUpdateDto {
  // null removes the primary domain; the property itself is required
  @Allow()
  @ValidateIf((_dto, value) => value !== null)
  @IsString()
  @MaxLength(300)
  primaryDomain!: string | null;
}

export class WalletVerificationDto {
  @IsString()
  @MaxLength(4200)
  signature!: string;

  @IfPresent()
  @IsString()
  @MaxLength(2000)
  message?: string;
}
