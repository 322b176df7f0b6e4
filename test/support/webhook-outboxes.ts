import { WebhookOutbox } from '../../src/application/webhooks/webhook-outbox.port';
import { PostgresWebhookOutbox } from '../../src/infrastructure/webhooks/postgres-webhook-outbox';
import { openTwoProcesses } from './two-processes';

export interface WebhookOutboxUnderTest {
  readonly outbox: WebhookOutbox;
  /** The same outbox as another process sees it (its own connections). */
  readonly other: WebhookOutbox;
  /** Resolves once the `onAdded` listeners subscribed so far hear what is added next. */
  listening(): Promise<void>;
  close(): Promise<void>;
}

const openPostgresWebhookOutbox = async (): Promise<WebhookOutboxUnderTest> => {
  const { processes, listening, close } = await openTwoProcesses();
  const [outbox, other] = processes.map(({ pool, notifications }) => new PostgresWebhookOutbox(pool, notifications));
  return { outbox, other, listening, close };
};

/** Every adapter of the WebhookOutbox port; contract suites run once per entry. */
export const WEBHOOK_OUTBOX_ADAPTERS: [string, () => Promise<WebhookOutboxUnderTest>][] = [
  ['postgres', openPostgresWebhookOutbox],
];
