import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AccountNames } from '../../../../application/dns-domains/account-names';
import { flagsOf } from '../../../../application/dns-domains/domain-flags';
import { Principal } from '../../../../application/identity/authenticator';
import { DnsFlag, FlagStatus } from '../../../../domain/dns-domains/dns-flags';
import { ExistingOperation, TERMINAL } from '../../../../domain/operations/operation';
import {
  ListOperationsByTime,
  ListPendingOperations,
} from '../../../../projections/operation-list/operation-list.queries';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { DomainFlagsUpdateBody, PendingOperationsBody } from './dns-bodies.dto';
import { askedDnsName, bulkAnswer, resultsByName, resultsOf, changeDomain } from './dns-changes';
import { isoOrNull } from './portfolio-views';

/** Operations of a name listed with the ended ones: the newest, as many as a page shows. */
const RECENT = 20;

const operationView = (operation: ExistingOperation) => ({
  id: operation.id,
  type: operation.type,
  status: operation.status,
  createdAt: isoOrNull(operation.createdAt),
  updatedAt: isoOrNull(operation.updatedAt),
  originOperationId: null,
  errorCode: operation.dependencies.find((dependency) => dependency.error)?.error?.code ?? null,
});

@Injectable()
export class DomainPendingOperationsAction implements AgentActionHandler<PendingOperationsBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_pending_operations',
    title: 'Operations running on domains',
    description:
      "The operations still running on up to 50 of the user's domains (registration, renewal, DNS, nameserver, hosting and flag changes), each with its type, status and times; includeCompleted adds the latest 20 that ended, newest first, with the error code of a failed one. A domain takes one operation at a time: wait for its operation to end before changing it again.",
    body: PendingOperationsBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true },
    answer: 'PendingOperationsResponse',
  };

  constructor(
    private readonly queries: QueryBus,
    private readonly names: AccountNames,
  ) {}

  async run(body: PendingOperationsBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsByName(body.domains, async (asked) => {
      const { name } = await this.names.get(accountId, asked);
      const operations = await this.operationsOf(accountId, name.name, body.includeCompleted === true);
      return {
        domain: name.name,
        hasPendingOperations: operations.some((operation) => !isEnded(operation)),
        operations: operations.map(operationView),
      };
    });
    const pending = results.filter((result) => result.hasPendingOperations === true);
    return {
      ...bulkAnswer(results),
      summary: {
        totalPendingCount: pending
          .flatMap((result) => result.operations as ReturnType<typeof operationView>[])
          .filter((operation) => !isEnded(operation)).length,
        domainsWithPending: pending.map((result) => result.domain),
      },
    };
  }

  private async operationsOf(accountId: string, name: string, withEnded: boolean): Promise<ExistingOperation[]> {
    const running: readonly ExistingOperation[] = await this.queries.execute(new ListPendingOperations(name));
    const mine = running.filter((operation) => operation.accountId === accountId);
    if (!withEnded) return [...mine];
    const statuses = ['COMPLETED', 'FAILED', 'CANCELLED'] as const;
    const filter = { accountId, surface: 'reseller' as const, domains: [name], statuses, previews: false };
    const ended = await this.queries.execute(new ListOperationsByTime(filter, { limit: RECENT }));
    return [...mine, ...ended.items];
  }
}

const isEnded = (operation: { status: string }): boolean => TERMINAL.has(operation.status);

@Injectable()
export class DomainFlagsUpdateAction implements AgentActionHandler<DomainFlagsUpdateBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_domain_flags_update',
    title: 'Lock or unlock domains, hide or show their registrant',
    description:
      "Sets flags of up to 50 of the user's domains at the registry: DNS_TRANSFER_OUT (ENABLED lets the domain be transferred to another registrar; DISABLED locks it, the default) and DNS_WHOIS_PROXY (ENABLED hides the registrant in the public registration data). A flag the registry holds read-only for now (a transfer lock in the first 60 days) is refused with why. One operation per domain that changes; updatedFlags names the flags it changes, empty when they were already so.",
    body: DomainFlagsUpdateBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
    answer: 'UpdateDomainFlagsResponse',
    keyed: true,
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly names: AccountNames,
  ) {}

  async run(body: DomainFlagsUpdateBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const asked = Object.entries(body.flags).flatMap(([flag, value]) =>
      value ? [[flag as DnsFlag, (value as { status: FlagStatus }).status] as const] : [],
    );
    const results = await resultsOf(
      body.domains,
      (domain) => domain,
      async (domain) => {
        const mine = await this.names.get(accountId, askedDnsName(domain));
        const now = flagsOf(mine);
        const changed = asked.filter(([flag, status]) => now[flag].status !== status);
        if (changed.length === 0) return { updatedFlags: [] };
        const flags = Object.fromEntries(changed);
        const op = await changeDomain(this.commands, accountId, mine.name, 'DOMAIN_FLAGS_UPDATE', { flags });
        return { operationId: op.id, updatedFlags: changed.map(([flag]) => flag) };
      },
    );
    return bulkAnswer(results);
  }
}
