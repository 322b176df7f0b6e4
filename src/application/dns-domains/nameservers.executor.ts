import { Injectable } from '@nestjs/common';
import { DsRecord } from '../../domain/dns-domains/dns-setup';
import { dnsZoneDecider, dnsZoneStream } from '../../domain/dns-domains/dns-zone';
import { dsOf } from '../../domain/dns-domains/zone-signing-key';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Registry } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand, loadStream } from '../shared/handle-command';
import { ResellerSettings } from './reseller-settings';

/**
 * `DOMAIN_SET_NAMESERVERS` delegates the name to the customer's nameservers (`items`, with the DS records of their
 * signing) or, without items, back to ours (with the DS of our signing key when the zone is signed): the registry
 * first, then the zone, which our DNS server stops or starts serving. Both are settings: a job run again sets the
 * same again.
 */
@Injectable()
export class NameserversExecutor implements DependencyExecutor {
  readonly handles = ['DOMAIN_SET_NAMESERVERS'];

  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly settings: ResellerSettings,
    private readonly clock: Clock,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const name = job.domain!; // a nameserver change always names its domain
    const { items, dnssec = [] } = job.parameters as { items?: string[]; dnssec?: DsRecord[] };
    // back on ours, a zone we sign gets its DS published again
    const { state: zone } = await loadStream(this.store, dnsZoneStream(name), dnsZoneDecider);
    const signing = zone.status === 'OPEN' ? zone.signing : null;
    const ours = signing && signing.retiresAt === undefined ? [dsOf(name, signing)] : [];
    try {
      await this.registry.update({ name, nameservers: items ?? this.settings.nameservers, ds: items ? dnssec : ours });
    } catch (error) {
      if (!(error instanceof RegistryRefused)) throw error; // unreachable registry: the worker retries
      return { kind: 'failed', error: { code: 'REGISTRY_REFUSED', message: error.message } };
    }
    await handleCommand(this.store, dnsZoneStream(name), dnsZoneDecider, {
      type: 'SetDnsNameservers',
      data: { name, operationId: job.operationId, hosts: items ?? null, ds: dnssec, at: this.clock.now() },
    });
    return { kind: 'completed', result: { name } };
  }
}
