import { Module } from '@nestjs/common';
import { AgentActionsController } from './agent-actions.controller';

@Module({ controllers: [AgentActionsController] })
export class AgentActionsModule {}
