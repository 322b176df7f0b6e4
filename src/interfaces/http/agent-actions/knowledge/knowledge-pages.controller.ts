import { Controller, Get, Header, NotFoundException, Param, Query } from '@nestjs/common';
import { Matches } from 'class-validator';
import { KnowledgeSources } from '../../../../application/knowledge/knowledge-index.port';
import { NoQuery } from '../../shared/request-params';

class HelpParams {
  @Matches(/^[a-z0-9-]{1,80}$/, { message: 'is not an article (lowercase words joined by hyphens)' })
  slug!: string;
}

class DocParams {
  @Matches(/^[A-Za-z0-9-]{1,80}\.md$/, { message: 'is not a page of the documentation (<name>.md)' })
  file!: string;
}

/** The whole texts the open searches link to, as the Markdown they are written in. */
@Controller('knowledge')
export class KnowledgePagesController {
  constructor(private readonly sources: KnowledgeSources) {}

  @Get('help/:slug')
  @Header('content-type', 'text/markdown; charset=utf-8')
  help(@Param() { slug }: HelpParams, @Query() _query: NoQuery): Promise<string> {
    return this.pageOf(`help/${slug}`);
  }

  @Get('docs/:file')
  @Header('content-type', 'text/markdown; charset=utf-8')
  doc(@Param() { file }: DocParams, @Query() _query: NoQuery): Promise<string> {
    return this.pageOf(`docs/${file}`);
  }

  private async pageOf(path: string): Promise<string> {
    const page = await this.sources.page(path);
    if (page === undefined) throw new NotFoundException(`no page ${path}`);
    return page;
  }
}
