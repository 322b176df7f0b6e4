import { Injectable, Logger } from '@nestjs/common';
import { accountDecider, accountStream } from '../../domain/identity/account';
import { PushCodeEvent, PushCodeIssued } from '../../domain/portfolio/push-code';
import { SecretBox } from '../identity/identity.ports';
import { Clock } from '../shared/clock';
import { EventStore, StoredEvent } from '../shared/event-store.port';
import { loadStream } from '../shared/handle-command';
import { htmlParagraphsOf } from '../shared/html-text';
import { Mail, Mailer, PermanentMailFailure } from '../shared/mailer.port';
import { Reactor } from '../shared/projection';

const codeMail = (to: string, code: string, { names, targetAccountId }: PushCodeIssued['data']): Mail => {
  const list = names.join(', ');
  const lines = [
    `Your code to confirm the push is ${code}`,
    `It moves ${list} to account ${targetAccountId}. It works once, for these names and that account, for 10 minutes.`,
    'If you did not ask for this push, do not give the code to anyone: nothing moves without it.',
  ];
  const text = lines.join('\n\n');
  return {
    to,
    // the code stays out of the subject: subjects are logged, codes never are
    subject: 'Confirm moving your domains to another account',
    text: `${text}\n`,
    html: htmlParagraphsOf(text),
  };
};

/**
 * Mails each push code to the pushing account's address once it is stored (after the answer, as signup codes are).
 * A code that expired before its mail went out (a long outage) gets none; a refusal no retry can fix is logged.
 */
@Injectable()
export class PushCodeMailer implements Reactor<PushCodeEvent> {
  readonly name = 'push-code-mailer';
  readonly handles = ['PushCodeIssued'] as const;
  private readonly log = new Logger(PushCodeMailer.name);

  constructor(
    private readonly store: EventStore,
    private readonly mailer: Mailer,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async react(events: readonly StoredEvent<PushCodeEvent>[]): Promise<void> {
    for (const event of events) {
      if (event.type !== 'PushCodeIssued' || event.data.expiresAt < this.clock.now()) continue;
      const { state } = await loadStream(this.store, accountStream(event.data.accountId), accountDecider);
      if (state.status !== 'OPEN' || !state.email) continue;
      try {
        await this.mailer.send(codeMail(state.email, this.box.open(event.data.sealedCode), event.data));
      } catch (error) {
        if (!(error instanceof PermanentMailFailure)) throw error; // delivered again after a pause
        this.log.warn(`a push code mail was refused for good: ${error.message}`);
      }
    }
  }
}
