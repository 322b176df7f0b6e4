import { OperationSurface } from '../operations/operation.events';
import { DomainEvent, MessageData } from '../shared/message';

/**
 * What a partner can subscribe to (`interface-spec.md` Events, `decisions.md` §6). `OPERATION_CREATED` is a
 * surface D type only.
 */
export type WebhookType = 'OPERATION_FINISHED' | 'OPERATION_ACTION_REQUIRED' | 'OPERATION_CREATED';

export const WEBHOOK_TYPES: readonly WebhookType[] = [
  'OPERATION_FINISHED',
  'OPERATION_ACTION_REQUIRED',
  'OPERATION_CREATED',
];

/** The types each surface offers. */
export const WEBHOOK_TYPES_OF: Readonly<Record<OperationSurface, readonly WebhookType[]>> = {
  web3: ['OPERATION_FINISHED', 'OPERATION_ACTION_REQUIRED'],
  reseller: WEBHOOK_TYPES,
};

/** `interface-spec.md` Rules 3 and Limits: at most 3 registrations per type. */
export const WEBHOOKS_PER_TYPE = 3;

/** One stream per account holds its webhooks and the secret every delivery to them is signed with. */
export const webhooksStream = (accountId: string): string => `webhooks-${accountId}`;

type Of<Data> = MessageData<{ accountId: string }, Data>;

/** The signing secret, sealed by the service's secret box: the store never holds it in plain text. */
export type WebhookSecretIssued = DomainEvent<'WebhookSecretIssued', Of<{ sealedSecret: string }>>;
/** Registered through an `ACCOUNT_UPDATE` operation; nothing is delivered to it until that operation activates it. */
export type WebhookRegistered = DomainEvent<
  'WebhookRegistered',
  Of<{ webhookId: string; surface: OperationSurface; url: string; type: WebhookType; operationId: string }>
>;
export type WebhookActivated = DomainEvent<'WebhookActivated', Of<{ webhookId: string }>>;
/** Deliveries stop from here on, before the deletion's operation has run. */
export type WebhookDeletionRequested = DomainEvent<
  'WebhookDeletionRequested',
  Of<{ webhookId: string; operationId: string }>
>;
export type WebhookDeleted = DomainEvent<'WebhookDeleted', Of<{ webhookId: string }>>;

export type WebhookEvent =
  WebhookSecretIssued | WebhookRegistered | WebhookActivated | WebhookDeletionRequested | WebhookDeleted;

export const WEBHOOK_EVENT_TYPES: readonly WebhookEvent['type'][] = [
  'WebhookSecretIssued',
  'WebhookRegistered',
  'WebhookActivated',
  'WebhookDeletionRequested',
  'WebhookDeleted',
];
