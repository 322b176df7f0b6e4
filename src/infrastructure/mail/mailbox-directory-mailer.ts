import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { Mail, Mailer } from '../../application/shared/mailer.port';
import { Log } from '../logging/log';

/**
 * The embedded default when no SMTP server is configured: each mail is written as an `.eml` file (the same
 * RFC 5322 message SMTP would carry) under `DATA_DIR/mail/`, and its subject is logged, so a person trying the
 * service can open it. Not a stand-in for delivery: point `SMTP_URL` at a server for that.
 */
export class MailboxDirectoryMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly from: string,
    private readonly log: Pick<Log, 'info'>,
  ) {}

  async send(mail: Mail): Promise<void> {
    const message = await new MailComposer({ from: this.from, ...mail }).compile().build();
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const file = join(
      this.directory,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
    );
    await writeFile(file, message, { mode: 0o600 });
    this.log.info(`mail "${mail.subject}" to ${mail.to} is in ${file}`);
  }
}
