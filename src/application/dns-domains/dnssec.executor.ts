import { Injectable } from '@nestjs/common';
import { dnsZoneDecider, dnsZoneStream } from '../../domain/dns-domains/dns-zone';
import {
  dnskeyRdataOf,
  dsOf,
  keyTagOf,
  newSigningKeyPair,
  ZoneSigningKey,
} from '../../domain/dns-domains/zone-signing-key';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { SecretBox } from '../identity/identity.ports';
import { DependencyExecutor, DependencyJob, ExecutionOutcome } from '../operations/dependency-executor.port';
import { Registry } from '../registry/registry.port';
import { Clock } from '../shared/clock';
import { EventStore } from '../shared/event-store.port';
import { handleCommand } from '../shared/handle-command';
import { ResellerSettings } from './reseller-settings';

/**
 * DNSSEC of a zone on our nameservers. `DOMAIN_DNS_SECURITY_SET_DNSSEC` makes a key (once: a job run again finds the
 * zone signed and keeps its key), signs the zone, then sends the key's DS to the registry; `_DELETE_DNSSEC`
 * withdraws the DS first, then retires the key: the zone stays signed for `DNSSEC_RETIREMENT_MS` (resolvers may hold
 * the withdrawn DS that long) and is unsigned after, so no resolver sees a DS without signatures to match.
 */
@Injectable()
export class DnssecExecutor implements DependencyExecutor {
  readonly handles = ['DOMAIN_DNS_SECURITY_SET_DNSSEC', 'DOMAIN_DNS_SECURITY_DELETE_DNSSEC'];

  constructor(
    private readonly store: EventStore,
    private readonly registry: Registry,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly settings: ResellerSettings,
  ) {}

  async execute(job: DependencyJob): Promise<ExecutionOutcome> {
    const name = job.domain!; // DNSSEC always names its domain
    const enable = job.type === 'DOMAIN_DNS_SECURITY_SET_DNSSEC';
    try {
      if (enable) {
        const { state } = await this.sign(name, job.operationId, this.newKey());
        const key = state.status === 'OPEN' ? state.signing : null;
        if (!key) return { kind: 'failed', error: { code: 'NOT_FOUND', message: `${name} has no zone to sign` } };
        await this.registry.update({ name, ds: [dsOf(name, key)] });
      } else {
        await this.registry.update({ name, ds: [] });
        await this.sign(name, job.operationId, null, this.clock.now() + this.settings.dnssecRetirementMs);
      }
    } catch (error) {
      if (!(error instanceof RegistryRefused)) throw error; // unreachable registry: the worker retries
      return { kind: 'failed', error: { code: 'REGISTRY_REFUSED', message: error.message } };
    }
    return { kind: 'completed', result: { domain: name } };
  }

  private sign(name: string, operationId: string, key: ZoneSigningKey | null, retireAt?: number) {
    return handleCommand(this.store, dnsZoneStream(name), dnsZoneDecider, {
      type: 'SetDnsZoneSigning',
      data: { name, operationId, key, ...(retireAt === undefined ? {} : { retireAt }), at: this.clock.now() },
    });
  }

  private newKey(): ZoneSigningKey {
    const { publicKey, privateKey } = newSigningKeyPair();
    return {
      publicKey: publicKey.toString('base64'),
      sealedPrivateKey: this.box.seal(privateKey.toString('base64')),
      keyTag: keyTagOf(dnskeyRdataOf(publicKey)),
      createdAt: this.clock.now(),
    };
  }
}
