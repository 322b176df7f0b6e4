import { Global, Module } from '@nestjs/common';
import { AuditTrail } from './audit-trail';

/** The audit over the one log of events: timelines of any subject and its streams' states as of any moment. */
@Global()
@Module({ providers: [AuditTrail], exports: [AuditTrail] })
export class AuditModule {}
