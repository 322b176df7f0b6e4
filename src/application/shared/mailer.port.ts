export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Sends mail: over SMTP, or into a local mailbox directory on the embedded default. */
export abstract class Mailer {
  abstract send(mail: Mail): Promise<void>;
}

/** A rejection no retry will change (the server refused the recipient or the message). */
export class PermanentMailFailure extends Error {}
