import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AccountNames } from '../../../../application/dns-domains/account-names';
import { ResellerSettings } from '../../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../../application/identity/authenticator';
import { nameserversAskedOf } from '../../partner-reseller/dns-input';
import { ActionDeclaration, AgentActionHandler, callerOf } from '../agent-action';
import { DnsNameserversListBody, NameserversSetCustomBody, NameserversSetDefaultBody } from './dns-bodies.dto';
import { askedDnsName, bulkAnswer, resultsOf, changeDomain } from './dns-changes';

@Injectable()
export class DnsNameserversListAction implements AgentActionHandler<DnsNameserversListBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_nameservers_list',
    title: "List a domain's nameservers",
    description:
      "The nameservers the registry delegates one of the user's domains to, whether they are this service's defaults (which serve the records of svc_dns_records_list), and whether DNSSEC is on; includeDnssec adds the DS records the registry publishes.",
    body: DnsNameserversListBody,
    access: { scope: 'portfolio:read' },
    effects: { readOnly: true, idempotent: true, openWorld: true },
    answer: 'DnsNameserversListResponse',
  };

  constructor(
    private readonly names: AccountNames,
    private readonly settings: ResellerSettings,
  ) {}

  async run(body: DnsNameserversListBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const { name, info } = await this.names.get(accountId, askedDnsName(body.domain));
    const ours = new Set(this.settings.nameservers);
    const records = info.ds.map(({ keyTag, algorithm, digestType, digest }) => ({
      keyTag,
      algorithm,
      digestType,
      digest,
    }));
    return {
      domain: name.name,
      nameservers: info.nameservers,
      isUsingDefaultNameservers: info.nameservers.length > 0 && info.nameservers.every((host) => ours.has(host)),
      dnssec: { enabled: info.ds.length > 0, ...(body.includeDnssec ? { records } : {}) },
    };
  }
}

@Injectable()
export class DnsNameserversSetCustomAction implements AgentActionHandler<NameserversSetCustomBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_nameservers_set_custom',
    title: 'Delegate domains to other nameservers',
    description:
      "Delegates up to 50 of the user's domains to nameservers of the user's choice (2 to 12 host names each, with the DS records of their DNSSEC signing in dnssec.records when they sign): our nameservers stop answering for them, and their records here are kept for a return to the defaults. One operation per domain, done at the registry; one result per domain with its operationId or why it was refused.",
    body: NameserversSetCustomBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
    answer: 'BulkDnsOperationResponse',
    keyed: true,
  };

  constructor(private readonly commands: CommandBus) {}

  async run(body: NameserversSetCustomBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsOf(
      body.domains,
      (line) => line.name,
      async (line) => {
        const ds = line.dnssec ? { items: line.dnssec.records } : undefined;
        const nameservers = nameserversAskedOf(line.nameservers, ds);
        const op = await changeDomain(
          this.commands,
          accountId,
          askedDnsName(line.name),
          'DOMAIN_DNS_NAME_SERVER_UPDATE',
          {
            nameservers,
          },
        );
        return { operationId: op.id, nameservers: line.nameservers, hasDnssec: nameservers.ds.length > 0 };
      },
    );
    return bulkAnswer(results);
  }
}

@Injectable()
export class DnsNameserversSetDefaultAction implements AgentActionHandler<NameserversSetDefaultBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_dns_nameservers_set_default',
    title: "Delegate domains back to this service's nameservers",
    description:
      "Delegates up to 50 of the user's domains back to this service's nameservers, which answer their records again (those of svc_dns_records_list). One operation per domain, done at the registry; one result per domain with its operationId and the nameservers.",
    body: NameserversSetDefaultBody,
    access: { scope: 'portfolio:write' },
    effects: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
    answer: 'BulkDnsOperationResponse',
    keyed: true,
  };

  constructor(
    private readonly commands: CommandBus,
    private readonly settings: ResellerSettings,
  ) {}

  async run(body: NameserversSetDefaultBody, caller: Principal | undefined) {
    const { accountId } = callerOf(caller);
    const results = await resultsOf(
      body.domains,
      ({ name }) => name,
      async ({ name }) => {
        const nameservers = nameserversAskedOf(undefined, undefined, true);
        const op = await changeDomain(this.commands, accountId, askedDnsName(name), 'DOMAIN_DNS_NAME_SERVER_UPDATE', {
          nameservers,
        });
        return { operationId: op.id, nameservers: [...this.settings.nameservers] };
      },
    );
    return bulkAnswer(results);
  }
}
