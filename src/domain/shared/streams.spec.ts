import { billingStream } from '../billing/billing-account';
import { chainStream } from '../chains/registry-log.events';
import { contactStream } from '../dns-domains/contact';
import { dnsDomainStream } from '../dns-domains/dns-domain';
import { dnsZoneStream } from '../dns-domains/dns-zone';
import { accountStream } from '../identity/account';
import { credentialStream } from '../identity/credential';
import { emailStream } from '../identity/email-registry';
import { refreshFamilyStream } from '../identity/refresh-family';
import { signupStream } from '../identity/signup-session';
import { boundQuoteStream } from '../operations/bound-quote';
import { domainActivityStream } from '../operations/domain-activity';
import { operationStream } from '../operations/operation';
import { domainTagsStream } from '../portfolio/domain-tags';
import { registryContactStream } from '../registry/registry-contact';
import { registryDomainStream } from '../registry/registry-domain.events';
import { web3AccountStream } from '../web3-accounts/web3-account';
import { domainClaimStream } from '../web3-domains/domain-claim';
import { webhooksStream } from '../webhooks/webhook.events';

// A stream holds one aggregate: its position is what concurrent writers conflict on, so two aggregates sharing a
// stream would refuse each other's writes and fold each other's events.
const streamsOf: Record<string, (id: string) => string> = {
  billingStream,
  accountStream,
  credentialStream,
  emailStream,
  refreshFamilyStream,
  signupStream,
  domainActivityStream,
  operationStream,
  web3AccountStream,
  domainClaimStream,
  webhooksStream,
  chainStream: (id) => chainStream(id as never),
  contactStream,
  dnsDomainStream,
  dnsZoneStream,
  boundQuoteStream,
  domainTagsStream: (id) => domainTagsStream(id, id, id),
  registryContactStream,
  registryDomainStream,
};

describe('stream names', () => {
  it('give every aggregate its own stream', () => {
    const names = Object.values(streamsOf).flatMap((streamOf) => ['ETH', 'BASE', 'x-1'].map(streamOf));
    expect(new Set(names).size).toBe(names.length);
  });
});
