import { Body, Controller, Module, Post } from '@nestjs/common';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

class ProbeBody {
  @IsString()
  @Length(1, 20)
  name!: string;

  @IsInt()
  @Min(1)
  @Max(10)
  count!: number;

  @IsOptional()
  @IsString()
  note?: string;
}

/** The same validated route under every surface's prefix, to see each surface's error format. */
@Controller()
class ValidationProbeController {
  @Post(['mcp/v1/actions/_probe', 'api/oauth/_probe', 'partner/v3/_probe', 'resolve/_probe'])
  echo(@Body() body: ProbeBody): { name: string; count: number; countType: string } {
    return { name: body.name, count: body.count, countType: typeof body.count };
  }
}

@Module({ controllers: [ValidationProbeController] })
export class ValidationProbeModule {}
