import { IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IfPresent } from '../../shared/validation';
import { Lines, MarketplaceLine } from './cart-bodies.dto';

@JSONSchema({
  examples: [
    { domains: [{ name: 'sunrise.com' }], instructions: 'A bakery in Leeds. Fresh bread daily, warm colours.' },
  ],
})
export class GenerateLanderBody {
  @Lines(() => MarketplaceLine, 50) domains!: MarketplaceLine[];

  @IfPresent()
  @IsString()
  @MaxLength(2000)
  @JSONSchema({
    description:
      'What the page should be and say: its kind (coming soon, business, personal, for sale), its colours (dark, blue, green, warm), its first sentence as the line under the name and the rest as its text',
  })
  instructions?: string;
}

export class LanderDomainsBody {
  @Lines(() => MarketplaceLine, 50) domains!: MarketplaceLine[];
}
