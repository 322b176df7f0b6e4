/** What configuration decides for webhooks in the application layer (SettingsModule builds it from AppConfig). */
export class WebhookSettings {
  constructor(
    /** `<ns>` of `@type` values, delivery bodies included. */
    readonly typeNamespace: string,
    /** Development and tests: allow targets on loopback, private and link-local addresses. */
    readonly allowPrivateTargets: boolean,
  ) {}
}
