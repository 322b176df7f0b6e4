import { DomainCommand } from '../shared/message';
import {
  WebhookActivated,
  WebhookDeleted,
  WebhookDeletionRequested,
  WebhookRegistered,
  WebhookSecretIssued,
} from './webhook.events';

export type IssueWebhookSecret = DomainCommand<'IssueWebhookSecret', WebhookSecretIssued['data']>;
export type RegisterWebhook = DomainCommand<'RegisterWebhook', WebhookRegistered['data']>;
export type ActivateWebhook = DomainCommand<'ActivateWebhook', WebhookActivated['data']>;
export type RequestWebhookDeletion = DomainCommand<'RequestWebhookDeletion', WebhookDeletionRequested['data']>;
export type DeleteWebhook = DomainCommand<'DeleteWebhook', WebhookDeleted['data']>;

export type WebhookCommand =
  IssueWebhookSecret | RegisterWebhook | ActivateWebhook | RequestWebhookDeletion | DeleteWebhook;
