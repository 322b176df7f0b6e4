import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SecretBox } from '../../application/identity/identity.ports';

/** AES-256-GCM with a random 96-bit nonce: `v1.<nonce>.<ciphertext>.<tag>`, base64url parts. */
export class AesSecretBox implements SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, nonce, body, tag] = sealed.split('.');
    if (version !== 'v1' || !tag) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  keyedDigest(plain: string): string {
    return createHmac('sha256', this.key).update(plain).digest('hex');
  }
}

/**
 * The service's secret key: `SECRETS_KEY` (base64 of 32 bytes) when set; otherwise a key generated once into
 * `DATA_DIR/secrets.key` (mode 0600), which suits the embedded default. Several processes sharing one database must
 * share this key.
 */
export const loadSecretKey = (configured: string | undefined, keyFile: string): Buffer => {
  if (configured) return Buffer.from(configured, 'base64');
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true });
    try {
      writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error; // another process wrote it first
    }
  }
  return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
};
