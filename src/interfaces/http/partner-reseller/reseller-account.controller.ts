import { Controller, Get, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AccountNames } from '../../../application/dns-domains/account-names';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { ResellerDomainRow } from '../../../projections/reseller-domains/reseller-domains.projection';
import {
  isResellerDomainPosition,
  ListResellerDomains,
} from '../../../projections/reseller-domains/reseller-domains.queries';
import { Principal } from '../../../application/identity/authenticator';
import { partnerType } from '../../../application/shared/partner-type';
import { WebhookSecret } from '../../../application/webhooks/webhook-secret.command';
import {
  GetBillingBalance,
  ListBillingTransactions,
  isTransactionPosition,
} from '../../../projections/billing/billing.queries';
import { BillingTransactionRow } from '../../../projections/billing/billing.projection';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { ForResellerKeys } from '../shared/auth/partner-profile-routing';
import { Documented } from '../shared/openapi/documented';
import { decodeCursor, resellerPage } from '../shared/partner-lists';
import { CursorQuery, NoQuery } from '../shared/request-params';
import { dnsNameOf } from './reseller-input';
import { AccountDomainsQuery } from './reseller-params.dto';
import { accountDomainView } from './reseller-views';

const PAGE = 50;

/**
 * A balance change in the reference's vocabulary: a charge is an `ORDER` that adds to what the account owes, a
 * credit a `REFUND` that takes from it (negative); `notes` says what it was for.
 */
const transactionView = (namespace: string, row: BillingTransactionRow) => ({
  '@type': partnerType(namespace, 'BillingTransaction'),
  id: row.id,
  type: row.direction === 'CHARGE' ? 'ORDER' : 'REFUND',
  amountUsdCents: row.direction === 'CHARGE' ? row.amountCents : -row.amountCents,
  operationId: row.operationId,
  createdAtTimestamp: row.at,
  notes: row.domain ? `${row.kind} ${row.domain}` : row.kind,
});

/** The reseller account: summary, running balance and its transactions. */
@Controller('partner/v3/account')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerAccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly settings: ResellerSettings,
    private readonly names: AccountNames,
  ) {}

  @Get()
  @ForResellerKeys()
  @Documented({ summary: 'The account, and the secret its webhook deliveries are signed with', answer: 'Account' })
  async summary(@CurrentPrincipal() principal: Principal, @Query() _query: NoQuery) {
    return {
      '@type': partnerType(this.settings.namespace, 'AccountSummary'),
      id: principal.accountId,
      // a reseller holds no wallets; the field is the reference's
      defaultWalletAddress: null,
      // the key receivers check `x-svc-signature` with (decisions.md §6); only this account's own key reads it
      webhookSecret: await this.commands.execute(new WebhookSecret(principal.accountId)),
    };
  }

  @Get('domain-registrations')
  @Documented({
    summary: "The account's names, the latest asked for first: coming (registration, transfer) or held, with flags",
    answer: 'AccountDomainList',
  })
  async domains(@CurrentPrincipal() principal: Principal, @Query() query: AccountDomainsQuery) {
    const page = await this.queries.execute(
      new ListResellerDomains(principal.accountId, PAGE, decodeCursor(query.$cursor, isResellerDomainPosition)),
    );
    const expand = query.$expand ?? [];
    const items = await Promise.all(
      page.items.map(async (row: ResellerDomainRow) => {
        const mine =
          row.status === 'REGISTERED' ? await this.names.find(principal.accountId, dnsNameOf(row.name)) : null;
        return accountDomainView(this.settings.namespace, row, mine, expand.includes('flags'));
      }),
    );
    return resellerPage(this.settings.namespace, items, page.next);
  }

  @Get('billing')
  @ForResellerKeys()
  @Documented({ summary: 'What the account owes now: charges less credits, in US cents', answer: 'AccountBilling' })
  async billing(@CurrentPrincipal() principal: Principal, @Query() _query: NoQuery) {
    const balance = await this.queries.execute(new GetBillingBalance(principal.accountId));
    return {
      '@type': partnerType(this.settings.namespace, 'AccountBilling'),
      balanceUsdCents: balance.balanceCents,
    };
  }

  @Get('billing/transactions')
  @ForResellerKeys()
  @Documented({ summary: 'Charges (ORDER) and credits (REFUND), newest first', answer: 'BillingTransactionList' })
  async transactions(@CurrentPrincipal() principal: Principal, @Query() query: CursorQuery) {
    const page = await this.queries.execute(
      new ListBillingTransactions(principal.accountId, PAGE, decodeCursor(query.$cursor, isTransactionPosition)),
    );
    const items = page.items.map((row: BillingTransactionRow) => transactionView(this.settings.namespace, row));
    return resellerPage(this.settings.namespace, items, page.next);
  }
}
