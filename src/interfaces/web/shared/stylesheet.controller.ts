import { Controller, Get, Header, Query } from '@nestjs/common';
import { NoQuery } from '../../http/shared/request-params';
import { SITE_CSS } from './site-css';

/** The pages' one stylesheet, served by the service itself. */
@Controller('assets')
export class StylesheetController {
  @Get('site.css')
  @Header('content-type', 'text/css; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  stylesheet(@Query() _query: NoQuery): string {
    return SITE_CSS;
  }
}
