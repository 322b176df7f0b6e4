import { Injectable } from '@nestjs/common';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { FlagLocks, registryChangeOf } from '../../domain/dns-domains/dns-flags';
import { dnsZoneDecider, dnsZoneStream } from '../../domain/dns-domains/dns-zone';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Registry } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';

/**
 * `DOMAIN_FLAG_LOCK_UPDATE` turns flags on and off (`locks`): client statuses added and removed at the registry
 * (`clientHold` also stops or starts our DNS server answering), the WHOIS proxy set here. All are settings, not
 * increments: a job run again sets the same statuses again and changes nothing more.
 */
@Injectable()
export class FlagsDependencyExecutor implements DependencyExecutor {
  readonly handles = ['DOMAIN_FLAG_LOCK_UPDATE'];

  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly clock: Clock,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const name = job.domain!; // a flag change always names its domain
    const { add, remove, whoisProxy } = registryChangeOf((job.parameters as { locks: FlagLocks }).locks);
    try {
      if (add.length > 0 || remove.length > 0) await this.registry.update({ name, add, remove });
    } catch (error) {
      if (!(error instanceof RegistryRefused)) throw error; // unreachable registry: the worker retries
      return { kind: 'failed', error: { code: 'REGISTRY_REFUSED', message: error.message } };
    }
    if (add.includes('clientHold') || remove.includes('clientHold')) {
      // our DNS server stops answering for a name on hold, as the registry stops delegating it
      await handleCommand(this.store, dnsZoneStream(name), dnsZoneDecider, {
        type: 'SetDnsResolution',
        data: { name, operationId: job.operationId, enabled: !add.includes('clientHold'), at: this.clock.now() },
      });
    }
    if (whoisProxy !== undefined) {
      await handleCommand(this.store, dnsDomainStream(name), dnsDomainDecider, {
        type: 'SetDnsWhoisProxy',
        data: { name, operationId: job.operationId, enabled: whoisProxy, at: this.clock.now() },
      });
    }
    return { kind: 'completed', result: { name } };
  }
}
