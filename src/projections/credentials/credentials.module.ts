import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { credentialList } from './credential-list.projection';
import { GetCredentialHandler, ListCredentialsHandler } from './credential-list.queries';

/** The credential list (keys by prefix, kind, scopes and status) and its queries. */
@Module({ providers: [GetCredentialHandler, ListCredentialsHandler] })
export class CredentialListModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(credentialList);
  }
}
