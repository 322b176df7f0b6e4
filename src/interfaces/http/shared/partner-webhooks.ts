import { IsIn, IsString, Matches } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { partnerType } from '../../../application/shared/partner-type';
import { DeliveryRecord } from '../../../application/webhooks/webhook-outbox.port';
import { idPattern, isId } from '../../../domain/shared/ids';
import { WEBHOOK_TYPES, WebhookType } from '../../../domain/webhooks/webhook.events';
import { WebhookRow } from '../../../projections/webhook-list/webhook-list.projection';
import { WebhookPosition } from '../../../projections/webhook-list/webhook-list.queries';

/** The webhook routes of surfaces C and D (`decisions.md` §3, §6): their body, parameters, cursors and answers. */

export class WebhookCreateBody {
  @IsString()
  @JSONSchema({
    format: 'uri',
    maxLength: 2048,
    description: 'http or https, exactly as deliveries are sent to it',
    examples: ['https://example.com/hooks/domain-engine'],
  })
  url!: string;

  /** Each surface takes its own types (OPERATION_CREATED on surface D only): the account's webhooks refuse others. */
  @IsIn(WEBHOOK_TYPES)
  type!: WebhookType;
}

export class WebhookParams {
  @Matches(idPattern('webhook'), { message: 'must be wh- followed by a UUID' })
  @JSONSchema({ description: 'A webhook id', examples: ['wh-1c7f4f0e-8a7b-4c55-9a5f-2f3e6d9b1a00'] })
  id!: string;
}

export const WEBHOOK_PAGE_SIZE = 50;

export const isWebhookPosition = (value: unknown): value is WebhookPosition =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as WebhookPosition).createdAt) &&
  isId('webhook', (value as WebhookPosition).id);

/** A position in a webhook's delivery log: the sequence of the last delivery shown. */
export const isDeliverySequence = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) > 0;

export const webhookView = (namespace: string, row: WebhookRow) => ({
  '@type': partnerType(namespace, 'Webhook'),
  id: row.id,
  url: row.url,
  type: row.type,
});

export const deliveryView = (namespace: string, record: DeliveryRecord) => {
  const { deliveryId: id, eventType: type, operationId, status, attempts, nextAttemptAt, createdAt } = record;
  return {
    '@type': partnerType(namespace, 'WebhookDeliveryLog'),
    id,
    type,
    operationId,
    status,
    attempts,
    nextAttemptAt,
    createdAt,
  };
};
