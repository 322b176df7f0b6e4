import { Injectable } from '@nestjs/common';
import { contactDecider, contactStream, registryContactOf } from '../../domain/dns-domains/contact';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Registry } from '../registry/registry.port';
import { EventStore } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';

/**
 * `CONTACT_CREATE` creates the contact object at the registry under the contact's own id. The registry ignores a
 * second creation of the same handle, so a job that runs twice is harmless.
 */
@Injectable()
export class ContactDependencyExecutor implements DependencyExecutor {
  readonly handles = ['CONTACT_CREATE'];

  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const contactId = String(job.parameters.contactId);
    const { state } = await loadStream(this.store, contactStream(contactId), contactDecider);
    if (state.status !== 'CREATED' || state.accountId !== job.accountId) {
      return { kind: 'failed', error: { code: 'NOT_FOUND', message: `contact ${contactId} does not exist` } };
    }
    try {
      await this.registry.createContact(contactId, registryContactOf(state.details));
    } catch (error) {
      if (!(error instanceof RegistryRefused)) throw error; // unreachable registry: the worker retries
      return { kind: 'failed', error: { code: 'REGISTRY_REFUSED', message: error.message } };
    }
    return { kind: 'completed', result: { id: contactId } };
  }
}
