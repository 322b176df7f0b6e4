import { Injectable } from '@nestjs/common';
import { DnsCatalogue } from '../../../../application/dns-domains/dns-catalogue';
import { ActionDeclaration, AgentActionHandler } from '../agent-action';
import { EmptyActionBody } from './action-bodies.dto';

@Injectable()
export class TldListAction implements AgentActionHandler<EmptyActionBody> {
  static readonly declaration: ActionDeclaration = {
    name: 'svc_tld_list',
    title: 'List the supported TLDs',
    description:
      'The ICANN TLDs on sale now (configuration `TLDS`, those the registry has opened and the service prices), in the order the service lists them. Use them as `tlds` of svc_domains_search. A TLD announced but not open yet is left out until it opens; svc_domains_search still answers its names, as coming_soon.',
    body: EmptyActionBody,
    access: { scope: 'domains:search' },
    effects: { readOnly: true, idempotent: true },
    answer: 'TldListResponse',
  };

  constructor(private readonly catalogue: DnsCatalogue) {}

  async run(): Promise<{ tlds: readonly string[]; count: number }> {
    const tlds = (await this.catalogue.tlds()).filter((offer) => offer.canRegister).map((offer) => offer.tld);
    return { tlds, count: tlds.length };
  }
}
