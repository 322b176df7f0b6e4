import { Injectable, Logger } from '@nestjs/common';
import { SignupEvent, SignupRequested } from '../../domain/identity/signup-session';
import { Clock } from '../shared/clock';
import { StoredEvent } from '../shared/event-store.port';
import { Mail, Mailer, PermanentMailFailure } from '../shared/mailer.port';
import { Reactor } from '../shared/projection';
import { SecretBox } from './identity.ports';

const codeMail = (to: string, code: string): Mail => ({
  to,
  // the code stays out of the subject: subjects are logged, codes never are
  subject: 'Your domain-engine verification code',
  text: `Your verification code is ${code}\n\nEnter it to finish creating your account. It expires in 15 minutes.\n\nIf you did not sign up, ignore this message.\n`,
  html: `<p>Your verification code is <strong style="font-size:1.4em;letter-spacing:0.1em">${code}</strong></p><p>Enter it to finish creating your account. It expires in 15 minutes.</p><p>If you did not sign up, ignore this message.</p>`,
});

const takenMail = (to: string): Mail => ({
  to,
  subject: 'Someone tried to sign up with your address',
  text: 'Someone tried to create a domain-engine account with this email address, which already has an account.\n\nIf it was you, sign in instead. If not, you can ignore this message: nothing changed.\n',
  html: '<p>Someone tried to create a domain-engine account with this email address, which already has an account.</p><p>If it was you, sign in instead. If not, you can ignore this message: nothing changed.</p>',
});

/**
 * Sends the mail of each signup after it is stored: the code to a new address, a warning to a taken one. Sending
 * after the answer keeps the mail server's speed out of the signup's timing. A session that expired before its mail
 * went out (a long outage) gets none; a refusal no retry can fix is logged and skipped.
 */
@Injectable()
export class SignupMailer implements Reactor<SignupEvent> {
  readonly name = 'signup-mailer';
  readonly handles = ['SignupRequested'] as const;
  private readonly log = new Logger(SignupMailer.name);

  constructor(
    private readonly mailer: Mailer,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  async react(events: readonly StoredEvent<SignupEvent>[]): Promise<void> {
    for (const event of events) {
      if (event.type !== 'SignupRequested' || event.data.expiresAt < this.clock.now()) continue;
      await this.send(event.data);
    }
  }

  private async send({ email, emailTaken, sealedCode }: SignupRequested['data']): Promise<void> {
    try {
      await this.mailer.send(emailTaken ? takenMail(email) : codeMail(email, this.box.open(sealedCode)));
    } catch (error) {
      if (!(error instanceof PermanentMailFailure)) throw error; // delivered again after a pause
      this.log.warn(`a signup mail was refused for good: ${error.message}`);
    }
  }
}
