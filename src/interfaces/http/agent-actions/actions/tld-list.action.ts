import { Injectable } from '@nestjs/common';
import { TldCatalog } from '../../../../application/dns-domains/tld-catalog';
import { ActionDeclaration, AgentActionHandler } from '../agent-action';
import { EmptyActionBody } from './action-bodies.dto';

@Injectable()
export class TldListAction implements AgentActionHandler<EmptyActionBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_tld_list',
    title: 'List the supported TLDs',
    description:
      'The ICANN TLDs names can be searched and registered under (configuration `TLDS`), in the order the service lists them. Use them as `tlds` of svc_domains_search.',
    body: EmptyActionBody,
    access: { scope: 'domains:search' },
    effects: { readOnly: true, idempotent: true },
    answer: 'TldListResponse',
  };

  constructor(private readonly tlds: TldCatalog) {}

  run(): Promise<{ tlds: readonly string[]; count: number }> {
    return Promise.resolve({ tlds: this.tlds.all, count: this.tlds.all.length });
  }
}
