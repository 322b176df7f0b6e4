import { Injectable } from '@nestjs/common';
import { dnsDomainDecider, dnsDomainStream } from '../../domain/dns-domains/dns-domain';
import { addYears, calendarDateOf } from '../../domain/registry/registry-periods';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Registry, RegistryDomainInfo } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';

const YEAR_OF = (at: number): number => new Date(at).getUTCFullYear();

/**
 * `DOMAIN_DNS_RENEW` brings the name from the expiry it was requested at (`currentExpiry`) to `period` years later:
 * restored first when it was in redemption, then renewed for the years still missing. The registry's expiry says
 * how far a run got, so a job run again after a crash goes on from there and never renews twice.
 */
@Injectable()
export class RenewalDependencyExecutor implements DependencyExecutor {
  readonly handles = ['DOMAIN_DNS_RENEW'];

  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly clock: Clock,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const name = job.domain!; // a renewal always names its domain
    const { period, currentExpiry } = job.parameters as { period: number; currentExpiry: string };
    const target = calendarDateOf(addYears(Date.parse(`${currentExpiry}T00:00:00Z`), period));
    let info: RegistryDomainInfo | undefined;
    try {
      info = await this.registry.info(name);
      if (!info?.sponsoredByUs) return failed('NOT_FOUND', `${name} is no longer held by this registrar`);
      if (info.phase === 'REDEMPTION') info = await this.registry.restore(name);
      const reached = calendarDateOf(info.expiresAt);
      const missing = YEAR_OF(Date.parse(target)) - YEAR_OF(info.expiresAt);
      if (reached !== target && missing > 0) {
        info = await this.registry.renew({ name, currentExpiry: reached, years: missing });
      }
    } catch (error) {
      if (!(error instanceof RegistryRefused)) throw error; // unreachable registry: the worker retries
      return failed('REGISTRY_REFUSED', error.message);
    }
    if (calendarDateOf(info.expiresAt) !== target) {
      return failed('REGISTRY_REFUSED', `${name} expires on ${calendarDateOf(info.expiresAt)}, not ${target}`);
    }
    await handleCommand(this.store, dnsDomainStream(name), dnsDomainDecider, {
      type: 'RecordDnsRenewal',
      data: { name, operationId: job.operationId, expiresAt: info.expiresAt, at: this.clock.now() },
    });
    return { kind: 'completed', result: { name, expiresAt: info.expiresAt } };
  }
}

const failed = (code: string, message: string): ExecutionOutcome => ({ kind: 'failed', error: { code, message } });
