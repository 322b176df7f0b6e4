import { IsString, Matches, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

@JSONSchema({ examples: [{ path: '/account/domains' }, { path: '/account/domains/sunrise.com' }] })
export class AuthenticatedUrlBody {
  @IsString()
  @MaxLength(300)
  @Matches(/^\//, { message: 'must start with /' })
  @JSONSchema({
    description: 'The page to open: /account/domains, /account/domains/<domain>, /account/offers, /account/cart...',
  })
  path!: string;
}
