import { Type } from 'class-transformer';
import { Allow, IsDefined, IsIn, IsObject, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IfPresent } from '../shared/validation';

/** Request bodies of surface C. Shapes here; addresses, names and records are checked in depth by web3-input. */
const ADDRESS = {
  pattern: '^0x[0-9a-fA-F]{40}$',
  description: 'An EVM address, in any case; not the zero address',
  examples: ['0x8aad44321a86b170879d7a244c1e8d360c99dda8'],
};

export class OwnerDto {
  @IsIn(['SELF', 'EXTERNAL'])
  @JSONSchema({
    description:
      "SELF: a custodial wallet of the account; EXTERNAL: any other wallet (final: the domain leaves the account's management)",
  })
  type!: 'SELF' | 'EXTERNAL';

  @IsString()
  @MaxLength(42)
  @JSONSchema(ADDRESS)
  address!: string;
}

@JSONSchema({
  examples: [
    { records: { 'crypto.ETH.address': '0x8aad44321a86b170879d7a244c1e8d360c99dda8', 'ipfs.html.value': '' } },
    { owner: { type: 'EXTERNAL', address: '0x8aad44321a86b170879d7a244c1e8d360c99dda8' } },
  ],
})
export class UpdateDomainDto {
  @IfPresent()
  @IsObject()
  @JSONSchema({
    additionalProperties: { type: 'string', maxLength: 1024 },
    maxProperties: 100,
    description: 'Record keys of the resolver to values; "" removes a record. PATCH merges them, PUT keeps only these',
  })
  records?: Record<string, unknown>;

  @IfPresent()
  @IsObject()
  @ValidateNested()
  @Type(() => OwnerDto)
  owner?: OwnerDto;
}

@JSONSchema({
  examples: [{ name: 'alice.crypto', records: { 'crypto.ETH.address': '0x8aad44321a86b170879d7a244c1e8d360c99dda8' } }],
})
export class ClaimDomainDto extends UpdateDomainDto {
  @IsString()
  @MaxLength(300)
  @JSONSchema({
    description: 'label.tld, in Unicode or A-label form, of a claimable ending',
    examples: ['alice.crypto'],
  })
  name!: string;
}

export class SignatureDto {
  @IsString()
  @MaxLength(4200)
  @JSONSchema({
    pattern: '^0x([0-9a-fA-F]{2}){65,2048}$',
    description: "The owner's signature of `messageToSign` as raw bytes (EIP-191), 0x and hex",
  })
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
  @JSONSchema({ ...ADDRESS, description: 'A custodial wallet of the account' })
  defaultWalletAddress!: string;
}

@JSONSchema({ required: ['primaryDomain'], examples: [{ primaryDomain: 'alice.crypto' }, { primaryDomain: null }] })
export class WalletUpdateDto {
  // null removes the primary domain; the property itself is required
  @JSONSchema({
    type: ['string', 'null'],
    maxLength: 300,
    description: 'A domain the wallet holds, or null to remove the reverse resolution',
  })
  @Allow()
  @ValidateIf((_dto, value) => value !== null)
  @IsString()
  @MaxLength(300)
  primaryDomain!: string | null;
}

export class WalletVerificationDto {
  @IsString()
  @MaxLength(4200)
  @JSONSchema({
    pattern: '^0x([0-9a-fA-F]{2}){65,2048}$',
    description: "The wallet's EIP-191 signature of the verification message",
  })
  signature!: string;

  @IfPresent()
  @IsString()
  @MaxLength(2000)
  message?: string;
}
