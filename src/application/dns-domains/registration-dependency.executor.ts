import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DnsDomain, dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { dnsZoneDecider, dnsZoneStream } from '../../domain/dns-domains/dns-zone';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { isId } from '../../domain/shared/ids';
import { SecretBox } from '../identity/identity.ports';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Registry, RegistryDomainInfo } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { ResellerSettings } from './reseller-settings';
import { withRegistryContacts } from './registry-contacts';
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

/** A transfer authorization code: 19 characters of letters, digits and punctuation, as registries require. */
const newAuthorizationCode = (): string => `${randomBytes(12).toString('base64url')}!9a`;

type PendingName = Extract<DnsDomain, { status: 'PENDING' }>;

const failed = (code: string, message: string): ExecutionOutcome => ({ kind: 'failed', error: { code, message } });

/**
 * `DOMAIN_REGISTER` creates the name at the registry for the account's registrant (a contact created by the same
 * operation, or one it names), or transfers it in with its code, and records it as the account's. A job run again
 * after the registry created the name finds it sponsored by us while the registration is still pending, and records
 * it instead of creating it twice; a transfer asked for once is only asked about afterwards, until the losing
 * registrar approves or rejects it (or the registry approves it after five days). The name ends locked against
 * transfers out (`DNS_TRANSFER_OUT` off) with a new authorization code of ours and the account's contacts.
 */
@Injectable()
export class RegistrationDependencyExecutor implements DependencyExecutor {
  readonly handles = ['DOMAIN_REGISTER'];

  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly settings: ResellerSettings,
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
      await this.openZone(name, job, await this.registry.info(name)); // a run that stopped before opening it
      return { kind: 'completed', result: { name } };
    }
    if (state.status !== 'PENDING' || state.operationId !== job.operationId) {
      return failed('NOT_AVAILABLE', `${name} is no longer held for this operation`);
    }
    const registrant = registrantOf(parameters.owner, job.previousResults);
    if (registrant === undefined) return failed('NOT_FOUND', 'the operation created no registrant');
    const handleOf = (role: 'admin' | 'tech' | 'billing') => parameters.contacts[role]?.id ?? registrant;
    const contacts = { registrant, admin: handleOf('admin'), tech: handleOf('tech'), billing: handleOf('billing') };
    const authInfo = newAuthorizationCode();
    let info: RegistryDomainInfo;
    try {
      const existing = await this.registry.info(name);
      if (!existing?.sponsoredByUs) {
        const waiting = state.transfer
          ? await this.transferIn(name, state, job)
          : await withRegistryContacts(this.store, this.registry, job.accountId, Object.values(contacts), () =>
              this.registry.create({
                name,
                years: parameters.period,
                authInfo,
                contacts,
                nameservers: this.settings.nameservers,
              }),
            );
        if ('kind' in waiting) return waiting;
      }
      // ours now: locked against transfers out until the reseller turns DNS_TRANSFER_OUT on, as registrars lock new
      // names, with a code only this service knows and (after a transfer) the account's contacts
      info = await this.registry.update({ name, add: ['clientTransferProhibited'], authInfo, contacts });
    } catch (error) {
      if (!(error instanceof RegistryRefused)) {
        // a transfer waits for days, and the worker gives up after a few throws: an unreachable registry is one
        // more wait for it, not a failure that would refund a name the registry may still hand over
        if (state.transfer) return this.waitForAnswer(name, state.transfer.requestedAt ?? this.clock.now());
        throw error; // the worker retries
      }
      return failed(error.code === 2302 ? 'NOT_AVAILABLE' : 'REGISTRY_REFUSED', error.message);
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
    await this.openZone(name, job, info);
    return { kind: 'completed', result: { name, expiresAt: info.expiresAt } };
  }

  /**
   * Opens the name's zone anew: on our nameservers for a new name; a name transferred in keeps the nameservers it
   * came with (the customer's DNS goes on answering) unless they are ours.
   */
  private async openZone(name: string, job: DependencyJob, info: RegistryDomainInfo | undefined): Promise<void> {
    const ours = new Set(this.settings.nameservers);
    const hosts = info?.nameservers ?? [];
    const nameservers = hosts.length === 0 || hosts.every((host) => ours.has(host)) ? null : [...hosts];
    await handleCommand(this.store, dnsZoneStream(name), dnsZoneDecider, {
      type: 'OpenDnsZone',
      data: { name, operationId: job.operationId, accountId: job.accountId, nameservers, at: this.clock.now() },
    });
  }

  /**
   * Asks the losing registrar for the name once (recorded before waiting), then waits for its answer: an outcome to
   * return while it is pending or after a rejection, the name's record once it is ours.
   */
  private async transferIn(
    name: string,
    pending: PendingName,
    job: DependencyJob,
  ): Promise<ExecutionOutcome | RegistryDomainInfo> {
    const transfer = pending.transfer!; // only transfers come here
    let requestedAt = transfer.requestedAt;
    if (requestedAt === null) {
      try {
        await this.registry.requestTransfer({ name, authInfo: this.box.open(transfer.sealedCode), years: 1 });
      } catch (error) {
        // asked already by a run that stopped before recording it: the pending request is ours
        const ours = (await this.registry.queryTransfer(name))?.gaining === 'US';
        if (!(error instanceof RegistryRefused && error.code === 2300 && ours)) throw error;
      }
      requestedAt = this.clock.now();
      await handleCommand(this.store, dnsDomainStream(name), dnsDomainDecider, {
        type: 'RecordDnsTransferRequest',
        data: { name, operationId: job.operationId, at: requestedAt },
      });
    }
    const answer = await this.registry.queryTransfer(name);
    if (answer?.gaining === 'US' && answer.status === 'PENDING') return this.waitForAnswer(name, requestedAt);
    const info = await this.registry.info(name);
    if (info?.sponsoredByUs) return info;
    return failed('TRANSFER_REJECTED', `the registrar of ${name} refused to transfer it`);
  }

  /**
   * Asks again later, less often as time goes by: after an eighth of the time waited so far, from one poll interval
   * up to sixty, about 150 asks over the five days the losing registrar has to answer.
   */
  private waitForAnswer(name: string, requestedAt: number): ExecutionOutcome {
    const { transferPollMs } = this.settings;
    const waited = this.clock.now() - requestedAt;
    const afterMs = Math.min(Math.max(transferPollMs, Math.floor(waited / 8)), transferPollMs * 60);
    return { kind: 'retryLater', reason: `the transfer of ${name} awaits its registrar's answer`, afterMs };
  }
}
