import { OutboundPolicy } from '../../domain/shared/outbound-target';

/** What configuration decides for webhooks in the application layer (SettingsModule builds it from AppConfig). */
export class WebhookSettings {
  constructor(
    /** `<ns>` of `@type` values, delivery bodies included. */
    readonly typeNamespace: string,
    /** Whom a webhook may target: not the service's own network nor the service itself, unless allowed. */
    readonly outbound: OutboundPolicy,
  ) {}
}
