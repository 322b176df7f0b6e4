import { Injectable } from '@nestjs/common';
import { dnsZoneDecider, dnsZoneStream } from '../../domain/dns-domains/dns-zone';
import { HostingType } from '../../domain/dns-domains/hosting';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';

/**
 * `DOMAIN_HOSTING_UPDATE` hosts a name of the zone (a redirect or a reverse proxy, its certificate asked for once
 * recorded) and `DOMAIN_HOSTING_DISABLE` stops hosting it. Both are settings of the zone: a job run again changes
 * nothing more.
 */
@Injectable()
export class HostingExecutor implements DependencyExecutor {
  readonly handles = ['DOMAIN_HOSTING_UPDATE', 'DOMAIN_HOSTING_DISABLE'];

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const name = job.domain!; // hosting always names its domain
    const {
      subName = '',
      type,
      targetUrl,
    } = job.parameters as {
      subName?: string;
      type?: HostingType;
      targetUrl?: string;
    };
    const data = { name, operationId: job.operationId, subName, at: this.clock.now() };
    await handleCommand(
      this.store,
      dnsZoneStream(name),
      dnsZoneDecider,
      job.type === 'DOMAIN_HOSTING_UPDATE'
        ? { type: 'SetDnsHosting', data: { ...data, type: type!, targetUrl: targetUrl! } }
        : { type: 'RemoveDnsHosting', data },
    );
    return { kind: 'completed', result: { domain: name } };
  }
}
