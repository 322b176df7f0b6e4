import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { isId } from '../../domain/shared/ids';
import { SecretBox } from '../identity/identity.ports';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Registry, RegistryDomainInfo } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';

type Assignment = { readonly new: boolean; readonly id?: string };

/**
 * The registrant's contact id: the one assigned, or for a new one, the contact the `CONTACT_CREATE` before this
 * dependency created (the spec's `DOMAIN_REGISTER` parameters carry no id for a contact not created yet).
 */
const registrantOf = (owner: Assignment, previous: DependencyJob['previousResults']): string | undefined =>
  owner.new
    ? Object.values(previous)
        .map((result) => result.id)
        .find((id): id is string => isId('contact', id))
    : owner.id;

/** A transfer authorization code: 16 characters of letters, digits and punctuation, as registries require. */
const newAuthorizationCode = (): string => `${randomBytes(12).toString('base64url')}!9a`;

/**
 * `DOMAIN_REGISTER` creates the name at the registry for the account's registrant (a contact created by the same
 * operation, or one it names) and records it as the account's. A job run again after the registry created the name
 * finds it sponsored by us while the registration is still pending, and records it instead of creating it twice.
 * A new name is locked against transfers out (`clientTransferProhibited`, the `DNS_TRANSFER_OUT` flag off).
 */
@Injectable()
export class RegistrationDependencyExecutor implements DependencyExecutor {
  readonly handles = ['DOMAIN_REGISTER'];

  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const name = job.domain!; // a registration always names its domain
    const parameters = job.parameters as {
      owner: Assignment;
      contacts: Partial<Record<'admin' | 'tech' | 'billing', Assignment>>;
      period: number;
    };
    const { state } = await loadStream(this.store, dnsDomainStream(name), dnsDomainDecider);
    if (state.status === 'REGISTERED' && state.operationId === job.operationId) {
      return { kind: 'completed', result: { name } };
    }
    const registrant = registrantOf(parameters.owner, job.previousResults);
    if (registrant === undefined) {
      return { kind: 'failed', error: { code: 'NOT_FOUND', message: 'the operation created no registrant' } };
    }
    const handleOf = (role: 'admin' | 'tech' | 'billing') => parameters.contacts[role]?.id ?? registrant;
    const authInfo = newAuthorizationCode();
    let info: RegistryDomainInfo;
    try {
      const existing = await this.registry.info(name);
      info =
        existing?.sponsoredByUs && state.status === 'PENDING' && state.operationId === job.operationId
          ? existing
          : await this.registry.create({
              name,
              years: parameters.period,
              authInfo,
              contacts: { registrant, admin: handleOf('admin'), tech: handleOf('tech'), billing: handleOf('billing') },
              nameservers: [],
            });
      // locked against transfers out until the reseller turns DNS_TRANSFER_OUT on, as registrars lock new names
      if (!info.statuses.includes('clientTransferProhibited')) {
        info = await this.registry.update({ name, add: ['clientTransferProhibited'] });
      }
    } catch (error) {
      if (!(error instanceof RegistryRefused)) throw error; // unreachable registry: the worker retries
      const code = error.code === 2302 ? 'NOT_AVAILABLE' : 'REGISTRY_REFUSED';
      return { kind: 'failed', error: { code, message: error.message } };
    }
    await handleCommand(this.store, dnsDomainStream(name), dnsDomainDecider, {
      type: 'RecordDnsRegistration',
      data: {
        name,
        operationId: job.operationId,
        accountId: job.accountId,
        createdAt: info.createdAt,
        expiresAt: info.expiresAt,
        sealedAuthorizationCode: this.box.seal(authInfo),
        at: this.clock.now(),
      },
    });
    return { kind: 'completed', result: { name, expiresAt: info.expiresAt } };
  }
}
