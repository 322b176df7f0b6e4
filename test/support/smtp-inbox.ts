import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly to: string[];
  readonly raw: string;
  readonly subject: string;
}

/** A real SMTP server on loopback that keeps what it receives; tests await mails by predicate. */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'], // plain SMTP on loopback
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          this.mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, subject });
          this.waiters.splice(0).forEach((wake) => wake());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as { port: number }).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first mail to `address` matching `predicate`, waiting for it if it has not arrived. */
  async mailTo(address: string, predicate: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
    for (;;) {
      const found = this.mails.find((mail) => mail.to.includes(address) && predicate(mail));
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export const codeOf = (mail: ReceivedMail): string => {
  const code = /verification code is ([A-Z0-9]{6})/.exec(mail.raw)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}"`);
  return code;
};
