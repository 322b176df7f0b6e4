import { Module, OnModuleInit } from '@nestjs/common';
import { ConsumerRegistry } from '../../application/shared/consumer-registry';
import { contactList } from './contact-list.projection';
import { ListContactsHandler } from './contact-list.queries';

/** The accounts' contacts as their lists show them, and its query. */
@Module({ providers: [ListContactsHandler] })
export class ContactListModule implements OnModuleInit {
  constructor(private readonly registry: ConsumerRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(contactList);
  }
}
