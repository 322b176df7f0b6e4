import { Injectable } from '@nestjs/common';
import { dnsZoneDecider, dnsZoneStream } from '../../domain/dns-domains/dns-zone';
import { recordChangesOf, recordIdOfDependency } from '../../domain/dns-domains/zone-change-decision';
import { existing } from '../../domain/operations/operation';
import { DomainError } from '../../domain/shared/errors';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { loadOperation } from '../operations/operation-streams';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';

/**
 * `DNS_RECORD_CREATE`, `_UPDATE` and `_DELETE`: the first of an operation's record dependencies writes every record
 * change of the operation into the zone in one event, so the zone (and the DNS server) never shows half of a batch;
 * the others, and a job run again, find the operation's changes in and only report. A creation reports the set it
 * ended in: its own, or the existing set of its name and type it was merged into.
 */
@Injectable()
export class RecordChangesExecutor implements DependencyExecutor {
  readonly handles = ['DNS_RECORD_CREATE', 'DNS_RECORD_UPDATE', 'DNS_RECORD_DELETE'];

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const name = job.domain!; // a record change always names its domain
    const operation = existing(await loadOperation(this.store, job.operationId));
    let zone;
    try {
      const changes = recordChangesOf(operation.dependencies);
      ({ state: zone } = await handleCommand(this.store, dnsZoneStream(name), dnsZoneDecider, {
        type: 'ChangeDnsRecords',
        data: { name, operationId: job.operationId, changes, at: this.clock.now() },
      }));
    } catch (error) {
      // the zone changed since the request was checked (it cannot while the operation holds the name, but a name
      // registered anew opens a new zone): the operation fails whole
      if (!(error instanceof DomainError)) throw error;
      return { kind: 'failed', error: { code: error.code, message: error.message } };
    }
    if (zone.status !== 'OPEN') return { kind: 'failed', error: { code: 'NOT_FOUND', message: `${name} has no zone` } };
    if (job.type !== 'DNS_RECORD_CREATE') return { kind: 'completed', result: { id: job.parameters.id as string } };
    const own = recordIdOfDependency(job.dependencyId);
    const { subName = '', type } = job.parameters as { subName?: string; type: string };
    const set =
      zone.records.find((candidate) => candidate.id === own) ??
      zone.records.find((candidate) => candidate.subName === subName && candidate.type === type);
    return { kind: 'completed', result: { id: set?.id ?? own } };
  }
}
