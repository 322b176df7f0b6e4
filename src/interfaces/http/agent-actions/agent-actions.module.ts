import { Module } from '@nestjs/common';
import { AppConfig } from '../../../infrastructure/config/config';
import { AgentActionsController } from './agent-actions.controller';
import { TldCatalog } from './tld-catalog';

@Module({
  controllers: [AgentActionsController],
  providers: [{ provide: TldCatalog, useFactory: (config: AppConfig) => new TldCatalog(config.values.tlds), inject: [AppConfig] }],
})
export class AgentActionsModule {}
