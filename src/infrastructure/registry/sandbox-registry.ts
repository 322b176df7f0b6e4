import { createHash } from 'node:crypto';
import {
  Registry,
  RegistryCheck,
  RegistryContact,
  RegistryDomainInfo,
  RegistryTransferInfo,
} from '../../application/registry/registry.port';
import { EventStore } from '../../application/shared/event-store.port';
import { handleCommand, loadStream, loadStreams, transact, writeAfter } from '../../application/shared/handle-command';
import { fold } from '../../domain/shared/decider';
import { registryContactDecider, registryContactStream } from '../../domain/registry/registry-contact';
import {
  asOf,
  dueEventsAt,
  eppStatusesAt,
  phaseAt,
  purgeAtOf,
  RegisteredName,
  registeredOf,
  RegistryDomain,
  transferIneligibilityAt,
} from '../../domain/registry/registry-domain';
import {
  DomainContacts,
  RegistryDomainCommand,
  RegistryDomainEvent,
  registryDomainStream,
} from '../../domain/registry/registry-domain.events';
import { registryDomainDecider } from '../../domain/registry/registry-domain.decider';
import { RegistryRefused } from '../../domain/registry/registry-refusal';
import { isOpenAt, RegistryTldRules, tldRefusalOf } from '../../domain/registry/registry-tld';
import { SandboxCatalogue } from './sandbox-catalogue';
import { SandboxRegistryClock } from './sandbox-registry-clock';
import { OTHER_REGISTRAR, seededEventsOf } from './sandbox-seeding';
import { lastTransferOf } from './sandbox-transfers';

/** The registry keeps a digest of an authorization code, never the code. */
const digestOf = (authInfo: string): string => createHash('sha256').update(authInfo, 'utf8').digest('hex');

/**
 * The embedded registry: every name a stream of `registryDomainDecider`, its time a `SandboxRegistryClock`. Seeded
 * names are registered to `OTHER_REGISTRAR` the first time anything touches them.
 */
export class SandboxRegistry extends Registry {
  /** Seeded names whose stream this process saw written: a stream only grows, so they need no look again. */
  private readonly written = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly registryClock: SandboxRegistryClock,
    private readonly catalogue: SandboxCatalogue,
    /** This service's registrar id at the registry. */
    private readonly registrar: string,
  ) {
    super();
  }

  now(): Promise<number> {
    return this.registryClock.now();
  }

  /** Operator and test control: moves the registry's time forward, so that its periods pass. */
  advanceClock(byMs: number): Promise<number> {
    return this.registryClock.advance(byMs);
  }

  tlds(): Promise<readonly RegistryTldRules[]> {
    return Promise.resolve([...this.catalogue.tlds.values()]);
  }

  async check(names: readonly string[]): Promise<RegistryCheck[]> {
    const now = await this.now();
    return Promise.all(
      names.map(async (name): Promise<RegistryCheck> => {
        const premiumCents = this.catalogue.premiumCents.get(name) ?? null;
        const unavailable = (reason: RegistryCheck['reason']) => ({ name, available: false, reason, premiumCents });
        const rules = this.catalogue.tlds.get(tldOf(name));
        if (!rules) return unavailable('UNKNOWN_TLD');
        if (!isOpenAt(rules, now)) return unavailable('NOT_LAUNCHED');
        if (this.catalogue.reserved.has(name)) return unavailable('RESERVED');
        if (this.catalogue.blocked.has(name)) return unavailable('BLOCKED');
        const { domain, version } = await this.load(name, now);
        if (registeredOf(domain) || (version === 0 && this.catalogue.seeded.has(name))) {
          return unavailable('REGISTERED');
        }
        return { name, available: true, reason: null, premiumCents };
      }),
    );
  }

  async info(name: string): Promise<RegistryDomainInfo | undefined> {
    return (await this.infoOfEach([name])).get(name);
  }

  async infoOfEach(names: readonly string[]): Promise<ReadonlyMap<string, RegistryDomainInfo>> {
    const asked = this.now();
    // seeding writes, at the registry's time, only on a seeded name's first touch; otherwise one read for all names
    const unseeded = names.filter((name) => this.catalogue.seeded.has(name) && !this.written.has(name));
    if (unseeded.length > 0) await Promise.all(unseeded.map(async (name) => this.seed(name, await asked)));
    const [now, loaded] = await Promise.all([
      asked,
      loadStreams(this.store, names.map(registryDomainStream), registryDomainDecider),
    ]);
    const infos = new Map<string, RegistryDomainInfo>();
    for (const [n, name] of names.entries()) {
      const { state } = loaded[n];
      const held = registeredOf(asOf(state, name, now));
      if (held) infos.set(name, this.infoOf(name, held, now));
    }
    return infos;
  }

  async createContact(handle: string, contact: RegistryContact): Promise<void> {
    const data = { handle, sponsor: this.registrar, contact, at: await this.now() };
    await handleCommand(this.store, registryContactStream(handle), registryContactDecider, {
      type: 'CreateRegistryContact',
      data,
    });
  }

  async create(request: {
    readonly name: string;
    readonly years: number;
    readonly authInfo: string;
    readonly contacts: DomainContacts;
    readonly nameservers: readonly string[];
  }): Promise<RegistryDomainInfo> {
    const { name, years } = request;
    const rules = this.catalogue.tlds.get(tldOf(name));
    if (!rules) throw new RegistryRefused('PARAMETER_VALUE_POLICY', `the registry runs no TLD .${tldOf(name)}`);
    if (this.catalogue.reserved.has(name)) throw new RegistryRefused('PARAMETER_VALUE_POLICY', `${name} is reserved`);
    if (this.catalogue.blocked.has(name)) throw new RegistryRefused('PARAMETER_VALUE_POLICY', `${name} is blocked`);
    const refusal = tldRefusalOf(rules, name, years, await this.now());
    if (refusal) throw new RegistryRefused(refusal.result, refusal.message);
    await this.assertContacts(request.contacts);
    return this.run(name, (at) => ({
      type: 'CreateRegistryDomain',
      data: {
        name,
        sponsor: this.registrar,
        years,
        authInfoDigest: digestOf(request.authInfo),
        contacts: request.contacts,
        nameservers: request.nameservers,
        at,
      },
    }));
  }

  renew(request: { readonly name: string; readonly currentExpiry: string; readonly years: number }) {
    return this.run(request.name, (at) => ({
      type: 'RenewRegistryDomain',
      data: { ...request, sponsor: this.registrar, at },
    }));
  }

  async update(request: Parameters<Registry['update']>[0]): Promise<RegistryDomainInfo> {
    const { authInfo, ...change } = request;
    if (change.contacts) await this.assertContacts(change.contacts);
    return this.run(request.name, (at) => ({
      type: 'UpdateRegistryDomain',
      data: {
        ...change,
        ...(authInfo === undefined ? {} : { authInfoDigest: digestOf(authInfo) }),
        sponsor: this.registrar,
        at,
      },
    }));
  }

  async delete(name: string): Promise<{ readonly refunded: boolean }> {
    const { events } = await this.decided(name, (at) => ({
      type: 'DeleteRegistryDomain',
      data: { name, sponsor: this.registrar, at },
    }));
    return {
      refunded: events.some(
        (event) => event.type === 'RegistryDomainPurged' && event.data.reason === 'ADD_GRACE_DELETE',
      ),
    };
  }

  restore(name: string): Promise<RegistryDomainInfo> {
    return this.run(name, (at) => ({ type: 'RestoreRegistryDomain', data: { name, sponsor: this.registrar, at } }));
  }

  async checkTransfer(request: { readonly name: string; readonly authInfo: string }) {
    const now = await this.now();
    await this.seed(request.name, now);
    const { domain } = await this.load(request.name, now);
    return transferIneligibilityAt(
      domain,
      { gainingSponsor: this.registrar, authInfoDigest: digestOf(request.authInfo) },
      now,
    );
  }

  async requestTransfer(request: {
    readonly name: string;
    readonly authInfo: string;
    readonly years: number;
  }): Promise<RegistryTransferInfo> {
    const { name, years } = request;
    await this.decided(name, (at) => ({
      type: 'RequestRegistryTransfer',
      data: { name, gainingSponsor: this.registrar, authInfoDigest: digestOf(request.authInfo), years, at },
    }));
    return (await this.queryTransfer(name))!; // just requested
  }

  async queryTransfer(name: string): Promise<RegistryTransferInfo | undefined> {
    const now = await this.now();
    const stored = (await this.store.readStream(registryDomainStream(name))) as unknown as RegistryDomainEvent[];
    const history = [...stored, ...dueEventsAt(fold(registryDomainDecider, stored), name, now)];
    return lastTransferOf(name, history, this.registrar);
  }

  async answerTransfer(name: string, approve: boolean): Promise<RegistryTransferInfo> {
    await this.decided(name, (at) => ({
      type: 'AnswerRegistryTransfer',
      data: { name, sponsor: this.registrar, approve, at },
    }));
    return (await this.queryTransfer(name))!; // just answered
  }

  /** Operator and test control: the other registrar asks for one of our names with its authorization code. */
  async requestTransferAsOtherRegistrar(name: string, authInfo: string): Promise<void> {
    await this.decided(name, (at) => ({
      type: 'RequestRegistryTransfer',
      data: { name, gainingSponsor: OTHER_REGISTRAR, authInfoDigest: digestOf(authInfo), years: 1, at },
    }));
  }

  /** Operator and test control: the other registrar's answer to our request for one of its names. */
  async answerTransferAsOtherRegistrar(name: string, approve: boolean): Promise<void> {
    await this.decided(name, (at) => ({
      type: 'AnswerRegistryTransfer',
      data: { name, sponsor: OTHER_REGISTRAR, approve, at },
    }));
  }

  private async load(name: string, now: number): Promise<{ domain: RegistryDomain; version: number }> {
    const loaded = await loadStream(this.store, registryDomainStream(name), registryDomainDecider);
    return { domain: asOf(loaded.state, name, now), version: loaded.version };
  }

  /** Decides `commandAt(now)` on the name (seeded first), and answers what it recorded and the name after it. */
  private async decided(
    name: string,
    commandAt: (at: number) => RegistryDomainCommand,
  ): Promise<{ events: readonly RegistryDomainEvent[]; domain: RegistryDomain; now: number }> {
    const now = await this.now();
    await this.seed(name, now);
    const outcome = await handleCommand(this.store, registryDomainStream(name), registryDomainDecider, commandAt(now));
    return { events: outcome.events, domain: outcome.state, now };
  }

  /** Decides the command and answers the name as it stands after it, without reading it again. */
  private async run(name: string, commandAt: (at: number) => RegistryDomainCommand): Promise<RegistryDomainInfo> {
    const { domain, now } = await this.decided(name, commandAt);
    const held = registeredOf(domain);
    if (!held) throw new RegistryRefused('OBJECT_DOES_NOT_EXIST', `${name} is not registered`);
    return this.infoOf(name, held, now);
  }

  /** Registers a seeded name to the other registrar the first time anything touches it. */
  private async seed(name: string, now: number): Promise<void> {
    const seeded = this.catalogue.seeded.get(name);
    if (!seeded || this.written.has(name)) return;
    await transact(this.store, {}, async (streams) => {
      const loaded = await streams.load(registryDomainStream(name), registryDomainDecider);
      if (loaded.version > 0) {
        this.written.add(name);
        return { writes: [], result: undefined };
      }
      const events = seededEventsOf(name, { ...seeded, authInfoDigest: digestOf(seeded.authInfo) }, now);
      return { writes: [writeAfter(loaded, events)], result: undefined };
    });
    this.written.add(name);
  }

  private async assertContacts(contacts: Partial<DomainContacts>): Promise<void> {
    for (const handle of new Set(Object.values(contacts))) {
      const { state } = await loadStream(this.store, registryContactStream(handle), registryContactDecider);
      if (state.status !== 'CREATED' || state.sponsor !== this.registrar) {
        throw new RegistryRefused('OBJECT_DOES_NOT_EXIST', `contact ${handle} does not exist`);
      }
    }
  }

  private infoOf(name: string, held: RegisteredName, now: number): RegistryDomainInfo {
    const sponsoredByUs = held.sponsor === this.registrar;
    return {
      name,
      sponsoredByUs,
      phase: phaseAt(held, now),
      statuses: eppStatusesAt(held, now),
      createdAt: held.createdAt,
      updatedAt: held.updatedAt,
      expiresAt: held.expiresAt,
      purgesAt: purgeAtOf(held),
      transferredAt: held.transferredAt,
      contacts: sponsoredByUs ? held.contacts : null,
      nameservers: held.nameservers,
      ds: held.ds,
    };
  }
}

const tldOf = (name: string): string => name.slice(name.lastIndexOf('.') + 1);
