import nodemailer, { Transporter } from 'nodemailer';
import { Mail, Mailer, PermanentMailFailure } from '../../application/shared/mailer.port';

/** Mail over SMTP (`SMTP_URL`, e.g. `smtp://user:pass@mail.example.com:587`, `smtps://...:465`). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500)
        throw new PermanentMailFailure(`the SMTP server refused the mail (${code})`);
      throw error;
    }
  }

  close(): void {
    this.transport.close();
  }
}
