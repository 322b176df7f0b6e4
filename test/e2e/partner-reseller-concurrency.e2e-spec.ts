import { randomBytes } from 'node:crypto';
import { EventStore } from '../../src/application/shared/event-store.port';
import { loadStream } from '../../src/application/shared/handle-command';
import { billingDecider, billingStream } from '../../src/domain/billing/billing-account';
import { SandboxRegistry } from '../../src/infrastructure/registry/sandbox-registry';
import { ADA_CONTACT } from '../support/contacts';
import { createTestApp, TestApp } from '../support/test-app';
import { newReseller, Partner, pollOperation } from '../support/web3-partner';

/**
 * Twenty resellers register one free name at the same moment. The appends that lose the race are decided again, and
 * by then the winner's registration may have completed: each retry must read the registry after the name's activity
 * and domain, or it takes the name from the winner and charges a second account.
 */
describe('concurrent registrations of one name (surface D)', () => {
  let subject: TestApp;
  let resellers: Partner[];
  beforeAll(async () => {
    subject = await createTestApp();
    resellers = await Promise.all(Array.from({ length: 20 }, (_, n) => newReseller(subject, `Reseller ${n}`)));
  });
  afterAll(() => subject?.close());

  const balanceOf = async (reseller: Partner) =>
    (await loadStream(subject.app.get(EventStore), billingStream(reseller.accountId), billingDecider)).state
      .balanceCents;
  const owner = { type: 'SELF', contact: { ...ADA_CONTACT, phone: { dialingPrefix: '44', number: '2071234567' } } };

  it('registers it once, to one reseller, charging that one alone', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `race${randomBytes(5).toString('hex')}.com`;
      const before = await Promise.all(resellers.map(balanceOf));
      const replies = await Promise.all(
        resellers.map((reseller) => reseller.call('POST', '/domains', { name, owner, dns: { period: 1 } })),
      );
      const accepted = replies.flatMap((reply, index) => (reply.status === 201 ? [index] : []));
      expect([name, accepted]).toEqual([name, [expect.any(Number)]]);
      const winner = resellers[accepted[0]];
      expect((await pollOperation(winner, replies[accepted[0]].body.operation.id)).status).toBe('COMPLETED');
      for (const reply of replies.filter((_, index) => index !== accepted[0])) {
        expect(reply.status).toBe(409);
      }
      const after = await Promise.all(resellers.map(balanceOf));
      expect(after.map((balance, index) => balance !== before[index])).toEqual(
        resellers.map((_, index) => index === accepted[0]),
      );
      const info = await subject.app.get(SandboxRegistry).info(name);
      expect(info?.sponsoredByUs).toBe(true);
      const held = await winner.call('GET', `/domains/${name}`);
      expect(held.status).toBe(200);
    }
  });
});
