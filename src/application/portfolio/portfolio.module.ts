import { Module } from '@nestjs/common';
import { ChangeDomainTagsHandler } from './change-domain-tags.command';

/** What an account changes of its portfolio itself: the tags it sorts its domains by. */
@Module({ providers: [ChangeDomainTagsHandler] })
export class PortfolioCommandsModule {}
