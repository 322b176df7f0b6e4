import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { TokenSigner } from '../../src/application/identity/identity.ports';
import { createTestApp, TestApp } from '../support/test-app';

describe('identity infrastructure', () => {
  let subject: TestApp;
  afterEach(() => subject.close());

  it('writes mail into DATA_DIR/mail as .eml files and logs the subject when no SMTP server is set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'domain-engine-mailbox-'));
    const logs: string[] = [];
    subject = await createTestApp({
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', MAIL_FROM: 'Domains <hello@domains.test>' },
      logTo: { write: (line: string) => void logs.push(line) },
    });
    const res = await subject.app.inject({
      method: 'POST',
      url: '/api/oauth/signup',
      payload: { email: 'mailbox@example.com', password: 'Corr3ct-horse!' },
    });
    expect(res.statusCode).toBe(200);
    await subject.settled();
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const message = readFileSync(join(dataDir, 'mail', files[0]), 'utf8');
    expect(message).toMatch(/^From: Domains <hello@domains\.test>$/m);
    expect(message).toMatch(/^To: mailbox@example\.com$/m);
    expect(message).toMatch(/Your verification code is [A-Z0-9]{6}/);
    expect(message).toContain('Content-Type: text/html');
    expect(logs.join('')).toContain(
      `mail \\"Your domain-engine verification code\\" to mailbox@example.com is in ${join(dataDir, 'mail', files[0])}`,
    );
  });

  it('rotates the signing key: new tokens use the new key, tokens signed before still verify, both are published', async () => {
    subject = await createTestApp();
    const signer = subject.app.get(TokenSigner);
    const before = await signer.sign({ sub: 'acc-1', token_use: 'access', scope: 'cart:read' }, 3600);
    const newKid = await signer.rotate();
    const after = await signer.sign({ sub: 'acc-1', token_use: 'access', scope: 'cart:read' }, 3600);
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    expect(decodeProtectedHeader(before).kid).not.toBe(newKid);
    expect(await signer.verify(before)).toMatchObject({ sub: 'acc-1' });
    expect(await signer.verify(after)).toMatchObject({ sub: 'acc-1' });
    const jwks = (await subject.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual(
      expect.arrayContaining([newKid, decodeProtectedHeader(before).kid]),
    );
    expect(await signer.verify(`${after.slice(0, -4)}AAAA`)).toBeUndefined(); // a forged signature
  });
});
