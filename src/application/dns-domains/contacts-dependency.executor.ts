import { Injectable } from '@nestjs/common';
import { ContactRole } from '../../domain/dns-domains/domain-update-decision';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Registry } from '../registry/registry.port';
import { EventStore } from '../shared/event-store.port';
import { withRegistryContacts } from './registry-contacts';

/**
 * `DOMAIN_DNS_CONTACT_SET` assigns contacts (by id, created at the registry before it or, made a moment before,
 * on the way) to roles of the name at the
 * registry. Setting the same contacts again changes nothing, so a job run twice is harmless.
 */
@Injectable()
export class ContactsDependencyExecutor implements DependencyExecutor {
  readonly handles = ['DOMAIN_DNS_CONTACT_SET'];

  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const name = job.domain!; // a contact change always names its domain
    const { owner, admin, tech, billing } = job.parameters as Partial<Record<ContactRole, { id: string }>>;
    const contacts = {
      ...(owner ? { registrant: owner.id } : {}),
      ...(admin ? { admin: admin.id } : {}),
      ...(tech ? { tech: tech.id } : {}),
      ...(billing ? { billing: billing.id } : {}),
    };
    try {
      const update = () => this.registry.update({ name, contacts });
      await withRegistryContacts(this.store, this.registry, job.accountId, Object.values(contacts), update);
    } catch (error) {
      if (!(error instanceof RegistryRefused)) throw error; // unreachable registry: the worker retries
      return { kind: 'failed', error: { code: 'REGISTRY_REFUSED', message: error.message } };
    }
    return { kind: 'completed', result: { name } };
  }
}
