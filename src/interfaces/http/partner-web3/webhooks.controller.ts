import { Body, Controller, Delete, Get, Param, Post, Query as QueryParams } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Principal } from '../../../application/identity/authenticator';
import { presentOperation } from '../../../application/operations/operation-view';
import { partnerType } from '../../../application/shared/partner-type';
import { DeleteWebhook } from '../../../application/webhooks/delete-webhook.command';
import { RegisterWebhook } from '../../../application/webhooks/register-webhook.command';
import { ListWebhookDeliveries } from '../../../application/webhooks/webhook-deliveries.query';
import { NotFound } from '../../../domain/shared/errors';
import { Web3Settings } from '../../../application/web3/web3-settings';
import { GetWebhook, ListWebhooks } from '../../../projections/webhook-list/webhook-list.queries';
import { Access, CurrentPrincipal } from '../shared/auth/access';
import { Documented } from '../shared/openapi/documented';
import { CursorQuery, NoQuery } from '../shared/request-params';
import { cursorList, decodeCursor } from '../shared/partner-lists';
import {
  deliveryView,
  isDeliverySequence,
  isWebhookPosition,
  WEBHOOK_PAGE_SIZE,
  WebhookCreateBody,
  WebhookParams,
  webhookView,
} from '../shared/partner-webhooks';

const WEB3 = { surface: 'partner', profile: 'web3' } as const;

/** Surface C: the account's webhooks (`interface-spec.md` Surface C, Events; `decisions.md` §3, §6). */
@Controller('partner/v3/account/webhooks')
export class Web3WebhooksController {
  private readonly namespace: string;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    settings: Web3Settings,
  ) {
    this.namespace = settings.namespace;
  }

  @Get()
  @Documented({ summary: "The account's webhooks", answer: 'WebhookCursorList' })
  @Access(WEB3)
  async list(@CurrentPrincipal() principal: Principal, @QueryParams() query: CursorQuery) {
    const after = decodeCursor(query.$cursor, isWebhookPosition);
    const page = await this.queries.execute(new ListWebhooks(principal.accountId, { limit: WEBHOOK_PAGE_SIZE, after }));
    return cursorList(
      this.namespace,
      page.items.map((row) => webhookView(this.namespace, row)),
      page.next,
    );
  }

  @Post()
  @Documented({
    summary: 'Register a webhook (at most 3 per type)',
    answer: 'WebhookCreateResult',
    refuses: ['WEBHOOK_LIMIT_REACHED'],
  })
  @Access(WEB3)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: WebhookCreateBody,
    @QueryParams() _query: NoQuery,
  ) {
    const op = await this.commands.execute(new RegisterWebhook(principal.accountId, 'web3', body.url, body.type));
    return {
      '@type': partnerType(this.namespace, 'WebhookCreateResult'),
      operation: presentOperation(this.namespace, op),
    };
  }

  @Get(':id')
  @Documented({ summary: 'One webhook of the account', answer: 'Webhook' })
  @Access(WEB3)
  async get(@CurrentPrincipal() principal: Principal, @Param() { id }: WebhookParams, @QueryParams() _query: NoQuery) {
    const row = await this.queries.execute(new GetWebhook(principal.accountId, id));
    if (!row) throw new NotFound('webhook', id);
    return webhookView(this.namespace, row);
  }

  @Delete(':id')
  @Documented({ summary: 'Delete a webhook', answer: 'WebhookDeleteResult' })
  @Access(WEB3)
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param() { id }: WebhookParams,
    @QueryParams() _query: NoQuery,
  ) {
    const op = await this.commands.execute(new DeleteWebhook(principal.accountId, 'web3', id));
    return {
      '@type': partnerType(this.namespace, 'WebhookDeleteResult'),
      operation: presentOperation(this.namespace, op),
    };
  }

  /** Beyond the interface: what was sent to the webhook, and how each attempt went. */
  @Get(':id/deliveries')
  @Documented({
    summary: 'What was sent to the webhook and how each attempt went, newest first',
    answer: 'WebhookDeliveryCursorList',
  })
  @Access(WEB3)
  async deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param() { id }: WebhookParams,
    @QueryParams() query: CursorQuery,
  ) {
    const before = decodeCursor(query.$cursor, isDeliverySequence);
    const page = await this.queries.execute(
      new ListWebhookDeliveries(principal.accountId, id, { limit: WEBHOOK_PAGE_SIZE, before }),
    );
    return cursorList(
      this.namespace,
      page.items.map((record) => deliveryView(this.namespace, record)),
      page.next,
    );
  }
}
