import { Controller, Get, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FastifyReply } from 'fastify';
import { VerifyResellerContact } from '../../../application/dns-domains/contact.queries';
import { DomainError } from '../../../domain/shared/errors';

export class ContactVerificationQuery {
  @IsString()
  @MaxLength(200)
  @JSONSchema({ description: 'The token of the verification mail' })
  token!: string;
}

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${title}</h1><p>${text}</p></body></html>`;

/**
 * The page the link of a contact verification mail opens: a person in a browser, not a client, so the answer is a
 * page in both outcomes (the status still says which).
 */
@Controller('contacts/verification')
export class ContactVerificationController {
  constructor(private readonly commands: CommandBus) {}

  @Get()
  async verify(
    @Query() query: ContactVerificationQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    try {
      await this.commands.execute(new VerifyResellerContact(query.token));
      return page('Contact details confirmed', 'Thank you: your email address is confirmed. You can close this page.');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      void reply.status(error.code === 'NOT_FOUND' ? 404 : 410);
      const reason =
        error.code === 'NOT_FOUND' ? 'This link is not valid.' : 'This link has expired; ask for a new one.';
      return page('Contact details not confirmed', reason);
    }
  }
}
