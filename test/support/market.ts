import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { RegisterDnsDomain } from '../../src/application/dns-domains/register-domain.command';
import { storedNameOf } from '../../src/domain/shared/names';
import { Agent, newAgent } from './agent';
import { ADA_CONTACT } from './contacts';
import { TestApp } from './test-app';

/** A user of surface A holding names registered through the service, with the contact they were registered for. */
export interface Holder extends Agent {
  readonly names: readonly string[];
  readonly contactId: string;
}

/** A name no test has used: `<prefix>-<8 hex>.<tld>`. */
export const freshName = (prefix: string, tld = 'com'): string => `${prefix}-${randomUUID().slice(0, 8)}.${tld}`;

/** A new user holding `names`, each registered for a year and settled. */
export const newHolder = async (subject: TestApp, names: readonly string[]): Promise<Holder> => {
  const agent = await newAgent(subject);
  const created = await agent.action('svc_contact_create', ADA_CONTACT);
  const contactId: string = created.body.contact.id;
  const commands = subject.app.get(CommandBus);
  for (const name of names)
    await commands.execute(
      new RegisterDnsDomain(
        agent.accountId,
        storedNameOf(name),
        { contactId },
        { years: 1, contacts: {}, authorizationCode: undefined, flags: {}, zone: {} },
        false,
      ),
    );
  await subject.settled();
  return { ...agent, names, contactId };
};
