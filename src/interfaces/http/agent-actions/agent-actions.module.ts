import { Module } from '@nestjs/common';
import { MarketplaceModule } from '../../../application/marketplace/marketplace.module';
import { DnsDomainsModule } from '../../../application/dns-domains/dns-domains.module';
import { IdentityModule } from '../../../application/identity/identity.module';
import { OpenApiDocuments } from '../shared/openapi/openapi-documents';
import { AgentActionsController } from './agent-actions.controller';
import { agentActionsDocument } from './agent-actions.openapi';
import { AGENT_ACTIONS, AgentActionRegistry } from './agent-action.registry';
import { AgentRateLimit } from './agent-rate-limit';
import { actionRoutesOf } from './action-routes';
import { ContactCreateAction, ContactsListAction } from './actions/contacts.actions';
import {
  ApiSpecsSearchAction,
  DeveloperDocsSearchAction,
  KnowledgeBaseSearchAction,
} from './actions/knowledge-search.actions';
import { DomainTagsAddAction, DomainTagsRemoveAction } from './actions/domain-tags.actions';
import { DomainGetAction } from './actions/domain-get.action';
import { PortfolioListAction } from './actions/portfolio.actions';
import { DomainsSearchAction } from './actions/domains-search.action';
import { TldListAction } from './actions/tld-list.action';
import { CartGetAction, CartRemoveAction } from './actions/cart.actions';
import { PaymentMethodsAction } from './actions/payment-methods.action';
import { CheckoutAction } from './actions/checkout.action';
import { AutoRenewalUpdateAction } from './actions/auto-renewal.action';
import { ListingCancelAction, ListingCreateAction, ListingUpdateAction } from './actions/listings.actions';
import { OfferCreateAction, OfferRespondAction, OffersListAction } from './actions/offers.actions';
import { LeadGetAction, LeadMessageSendAction, LeadMessagesListAction, LeadsListAction } from './actions/leads.actions';
import { AddPaymentMethodUrlAction, CartGetUrlAction } from './actions/page-links.actions';
import {
  CartAddExtmarketAAction,
  CartAddExtmarketBAction,
  CartAddListedAction,
  CartAddRegistrationAction,
  CartAddRenewalAction,
} from './actions/cart-additions.actions';
import {
  DnsRecordAddAction,
  DnsRecordRemoveAction,
  DnsRecordsListAction,
  DnsRecordsRemoveAllAction,
  DnsRecordUpdateAction,
} from './actions/dns-records.actions';
import {
  DnsNameserversListAction,
  DnsNameserversSetCustomAction,
  DnsNameserversSetDefaultAction,
} from './actions/dns-nameservers.actions';
import { DnsHostingAddAction, DnsHostingListAction, DnsHostingRemoveAction } from './actions/dns-hosting.actions';
import { DomainFlagsUpdateAction, DomainPendingOperationsAction } from './actions/domain-operations.actions';
import { DomainPushAction } from './actions/domain-push.action';
import {
  DownloadLanderAction,
  GenerateLanderAction,
  LanderStatusAction,
  RemoveLanderAction,
} from './actions/landers.actions';
import {
  BackorderCancelAction,
  BackorderCreateAction,
  BackordersListAction,
  ExpiredsListAction,
} from './actions/backorders.actions';
import { AuthenticatedUrlAction } from './actions/account-link.action';
import { HistoryGetAction } from './actions/history.action';
import { KnowledgeCatalogue } from './knowledge/knowledge-catalogue';
import { KnowledgePagesController } from './knowledge/knowledge-pages.controller';
import { AgentTools } from './mcp/agent-tools';
import { McpEndpointController } from './mcp/mcp-endpoint.controller';

/** Every action of surface A, declared once: its route, its tool and its OpenAPI operation come from here. */
const ACTIONS = [
  DomainsSearchAction,
  TldListAction,
  PortfolioListAction,
  DomainGetAction,
  DomainTagsAddAction,
  DomainTagsRemoveAction,
  ContactsListAction,
  ContactCreateAction,
  KnowledgeBaseSearchAction,
  DeveloperDocsSearchAction,
  ApiSpecsSearchAction,
  CartGetAction,
  CartAddRegistrationAction,
  CartAddListedAction,
  CartAddExtmarketAAction,
  CartAddExtmarketBAction,
  CartAddRenewalAction,
  CartRemoveAction,
  PaymentMethodsAction,
  CheckoutAction,
  AutoRenewalUpdateAction,
  AddPaymentMethodUrlAction,
  CartGetUrlAction,
  ListingCreateAction,
  ListingUpdateAction,
  ListingCancelAction,
  OfferCreateAction,
  OffersListAction,
  OfferRespondAction,
  LeadsListAction,
  LeadGetAction,
  LeadMessagesListAction,
  LeadMessageSendAction,
  DnsRecordsListAction,
  DnsRecordAddAction,
  DnsRecordUpdateAction,
  DnsRecordRemoveAction,
  DnsRecordsRemoveAllAction,
  DnsNameserversListAction,
  DnsNameserversSetCustomAction,
  DnsNameserversSetDefaultAction,
  DnsHostingListAction,
  DnsHostingAddAction,
  DnsHostingRemoveAction,
  DomainPendingOperationsAction,
  DomainFlagsUpdateAction,
  DomainPushAction,
  ExpiredsListAction,
  BackorderCreateAction,
  BackorderCancelAction,
  BackordersListAction,
  GenerateLanderAction,
  LanderStatusAction,
  DownloadLanderAction,
  RemoveLanderAction,
  AuthenticatedUrlAction,
  HistoryGetAction,
];

@Module({
  imports: [IdentityModule, DnsDomainsModule, MarketplaceModule],
  controllers: [
    actionRoutesOf(ACTIONS.map((action) => action.declaration)),
    McpEndpointController,
    AgentActionsController,
    KnowledgePagesController,
  ],
  providers: [
    ...ACTIONS,
    { provide: AGENT_ACTIONS, useValue: ACTIONS },
    AgentActionRegistry,
    AgentRateLimit,
    AgentTools,
    KnowledgeCatalogue,
  ],
  // the account's pages read and change through the actions' own handlers
  exports: [...ACTIONS],
})
export class AgentActionsModule {
  constructor(documents: OpenApiDocuments) {
    documents.register(agentActionsDocument);
  }
}
