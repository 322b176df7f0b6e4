import { Algorithm, hash, verify } from '@node-rs/argon2';
import { PasswordHasher } from '../../application/identity/identity.ports';

/** argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane). */
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password).catch(() => false);
  }
}
