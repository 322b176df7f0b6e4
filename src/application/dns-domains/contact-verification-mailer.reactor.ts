import { Injectable, Logger } from '@nestjs/common';
import { ContactCreated, ContactEvent, CONTACT_VERIFICATION_TTL_MS } from '../../domain/dns-domains/contact';
import { SecretBox } from '../identity/identity.ports';
import { Clock } from '../shared/clock';
import { StoredEvent } from '../shared/event-store.port';
import { Mail, Mailer, PermanentMailFailure } from '../shared/mailer.port';
import { Reactor } from '../shared/projection';
import { ResellerSettings } from './reseller-settings';
import { escapeHtml } from '../shared/html-text';

/** The link a contact's verification mail carries: the contact and the secret whose digest it keeps. */
export const verificationLinkOf = (publicUrl: string, contactId: string, secret: string): string =>
  `${publicUrl}/contacts/verification?token=${contactId}.${secret}`;

const verificationMail = (to: string, name: string, link: string): Mail => ({
  to,
  // the link stays out of the subject: subjects are logged, secrets never are
  subject: 'Confirm your contact details',
  text: `Hello ${name},\n\nA domain registration names you as a contact with this email address. Open this link to confirm that it reaches you:\n\n${link}\n\nThe link works for 14 days. If you did not expect this, ignore this message.\n`,
  html: `<p>Hello ${escapeHtml(name)},</p><p>A domain registration names you as a contact with this email address. Open this link to confirm that it reaches you:</p><p><a href="${escapeHtml(link)}">Confirm my contact details</a></p><p>The link works for 14 days. If you did not expect this, ignore this message.</p>`,
});

/**
 * Sends each new contact its verification mail after the contact is stored, so the mail server's speed stays out of
 * the answer. A contact whose link expired before its mail went out (a long outage) gets none; a refusal no retry
 * can fix is logged and skipped.
 */
@Injectable()
export class ContactVerificationMailer implements Reactor<ContactEvent> {
  readonly name = 'contact-verification-mailer';
  readonly handles = ['ContactCreated'] as const;
  private readonly log = new Logger(ContactVerificationMailer.name);

  constructor(
    private readonly mailer: Mailer,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly settings: ResellerSettings,
  ) {}

  async react(events: readonly StoredEvent<ContactEvent>[]): Promise<void> {
    for (const event of events) {
      if (event.type !== 'ContactCreated') continue;
      if (event.data.at + CONTACT_VERIFICATION_TTL_MS < this.clock.now()) continue;
      await this.send(event.data);
    }
  }

  private async send({ contactId, details, sealedVerificationSecret }: ContactCreated['data']): Promise<void> {
    const link = verificationLinkOf(this.settings.publicUrl, contactId, this.box.open(sealedVerificationSecret));
    try {
      await this.mailer.send(verificationMail(details.email, details.firstName, link));
    } catch (error) {
      if (!(error instanceof PermanentMailFailure)) throw error; // delivered again after a pause
      this.log.warn(`a contact verification mail was refused for good: ${error.message}`);
    }
  }
}
