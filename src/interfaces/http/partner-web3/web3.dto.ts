import { Type } from 'class-transformer';
import { Allow, IsIn, IsObject, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';

/** Request bodies of surface C. Shapes here; addresses, names and records are checked in depth by web3-input. */
export class OwnerDto {
  @IsIn(['SELF', 'EXTERNAL'])
  type!: 'SELF' | 'EXTERNAL';

  @IsString()
  @MaxLength(42)
  address!: string;
}

export class ClaimDomainDto {
  @IsString()
  @MaxLength(300)
  name!: string;

  @IsOptional()
  @IsObject()
  records?: Record<string, unknown>;

  @IsOptional()
  @ValidateNested()
  @Type(() => OwnerDto)
  owner?: OwnerDto;
}

export class UpdateDomainDto {
  @IsOptional()
  @IsObject()
  records?: Record<string, unknown>;

  @IsOptional()
  @ValidateNested()
  @Type(() => OwnerDto)
  owner?: OwnerDto;
}

export class SignatureDto {
  @IsString()
  @MaxLength(4200)
  signature!: string;
}

export class SignDependencyDto {
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

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  message?: string;
}
