import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ResellerSettings } from '../../../application/dns-domains/reseller-settings';
import { Principal } from '../../../application/identity/authenticator';
import { partnerType } from '../../../application/shared/partner-type';
import { DeleteWebhook } from '../../../application/webhooks/delete-webhook.command';
import { RegisterWebhook } from '../../../application/webhooks/register-webhook.command';
import { ListWebhookDeliveries } from '../../../application/webhooks/webhook-deliveries.query';
import { ExistingOperation } from '../../../domain/operations/operation';
import { NotFound } from '../../../domain/shared/errors';
import { WebhookRow } from '../../../projections/webhook-list/webhook-list.projection';
import { GetWebhook, ListWebhooks } from '../../../projections/webhook-list/webhook-list.queries';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { ForResellerKeys } from '../shared/auth/partner-profile-routing';
import { Documented } from '../shared/openapi/documented';
import { operationResult } from '../shared/operation-results';
import { decodeCursor, encodeCursor } from '../shared/partner-lists';
import {
  deliveryView,
  isDeliverySequence,
  isWebhookPosition,
  WEBHOOK_PAGE_SIZE,
  WebhookCreateBody,
  WebhookParams,
  webhookView,
} from '../shared/partner-webhooks';
import { CursorQuery, NoQuery } from '../shared/request-params';

/**
 * Surface D: the account's webhooks, on the engine surface C uses (`decisions.md` §6), with surface D's
 * `OPERATION_CREATED` besides `OPERATION_FINISHED` and `OPERATION_ACTION_REQUIRED`. Lists end with `next` null.
 */
@Controller('partner/v3/account/webhooks')
@Access({ surface: 'partner', profile: 'reseller' })
export class ResellerWebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly settings: ResellerSettings,
  ) {}

  @Get()
  @ForResellerKeys()
  @Documented({ summary: "The account's webhooks", answer: 'WebhookList' })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: CursorQuery) {
    const after = decodeCursor(query.$cursor, isWebhookPosition);
    const page = await this.queries.execute(new ListWebhooks(principal.accountId, { limit: WEBHOOK_PAGE_SIZE, after }));
    return this.page(
      page.items.map((row: WebhookRow) => webhookView(this.settings.namespace, row)),
      page.next,
    );
  }

  @Post()
  @ForResellerKeys()
  @Documented({
    summary: 'Register a webhook (at most 3 per type), as an ACCOUNT_UPDATE operation',
    answer: 'WebhookCreateResult',
    refuses: ['WEBHOOK_LIMIT_REACHED'],
  })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: WebhookCreateBody, @Query() _query: NoQuery) {
    const op: ExistingOperation = await this.commands.execute(
      new RegisterWebhook(principal.accountId, 'reseller', body.url, body.type),
    );
    return operationResult(this.settings.namespace, 'WebhookCreateResult', op);
  }

  @Get(':id')
  @ForResellerKeys()
  @Documented({ summary: 'One webhook of the account', answer: 'Webhook' })
  async get(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookParams, @Query() _query: NoQuery) {
    const row = await this.queries.execute(new GetWebhook(principal.accountId, id));
    if (!row) throw new NotFound('webhook', id);
    return webhookView(this.settings.namespace, row);
  }

  @Delete(':id')
  @ForResellerKeys()
  @Documented({ summary: 'Delete a webhook, as an ACCOUNT_UPDATE operation', answer: 'WebhookDeleteResult' })
  async remove(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookParams, @Query() _query: NoQuery) {
    const op: ExistingOperation = await this.commands.execute(new DeleteWebhook(principal.accountId, 'reseller', id));
    return operationResult(this.settings.namespace, 'WebhookDeleteResult', op);
  }

  @Get(':id/deliveries')
  @ForResellerKeys()
  @Documented({
    summary: 'What was sent to the webhook and how each attempt went, newest first',
    answer: 'WebhookDeliveryList',
  })
  async deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param() { id }: WebhookParams,
    @Query() query: CursorQuery,
  ) {
    const before = decodeCursor(query.$cursor, isDeliverySequence);
    const page = await this.queries.execute(
      new ListWebhookDeliveries(principal.accountId, id, { limit: WEBHOOK_PAGE_SIZE, before }),
    );
    return this.page(
      page.items.map((record) => deliveryView(this.settings.namespace, record)),
      page.next,
    );
  }

  private page<T>(items: readonly T[], next: unknown) {
    return {
      '@type': partnerType(this.settings.namespace, 'CursorList'),
      items,
      next: next === null ? null : { $cursor: encodeCursor(next) },
    };
  }
}
