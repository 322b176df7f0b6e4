import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DocumentStore } from '../../application/shared/document-store.port';
import { findPage, KeysetPage } from '../shared/find-page';
import { webhookList, WebhookRow } from './webhook-list.projection';

/** Shown to the account: registered, and neither deleted nor being deleted. */
const VISIBLE: readonly WebhookRow['status'][] = ['PENDING', 'ACTIVE'];

export interface WebhookPosition {
  readonly createdAt: number;
  readonly id: string;
}

export type WebhookPage = KeysetPage<WebhookRow, WebhookPosition>;

/** An account's webhooks, oldest first, in keyset pages. */
export class ListWebhooks extends Query<WebhookPage> {
  constructor(
    readonly accountId: string,
    readonly page: { readonly limit: number; readonly after?: WebhookPosition },
  ) {
    super();
  }
}

@QueryHandler(ListWebhooks)
export class ListWebhooksHandler implements IQueryHandler<ListWebhooks> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId, page }: ListWebhooks): Promise<WebhookPage> {
    return findPage<WebhookRow, WebhookPosition>(
      this.documents,
      webhookList.name,
      {
        where: [
          { path: 'accountId', op: 'eq', value: accountId },
          { path: 'status', op: 'in', values: VISIBLE },
        ],
        orderBy: { path: 'createdAt', direction: 'asc', numeric: true },
        after: page.after && { value: page.after.createdAt, id: page.after.id },
        limit: page.limit,
      },
      ({ doc }) => ({ createdAt: doc.createdAt, id: doc.id }),
    );
  }
}

/** One of the account's webhooks; undefined when it is another account's, or deleted or being deleted. */
export class GetWebhook extends Query<WebhookRow | undefined> {
  constructor(
    readonly accountId: string,
    readonly webhookId: string,
  ) {
    super();
  }
}

@QueryHandler(GetWebhook)
export class GetWebhookHandler implements IQueryHandler<GetWebhook> {
  constructor(private readonly documents: DocumentStore) {}

  async execute({ accountId, webhookId }: GetWebhook): Promise<WebhookRow | undefined> {
    const row = await this.documents.get<WebhookRow>(webhookList.name, webhookId);
    return row && row.accountId === accountId && VISIBLE.includes(row.status) ? row : undefined;
  }
}
