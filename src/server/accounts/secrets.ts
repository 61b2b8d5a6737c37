import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random opaque token for the client, and the hash we keep instead of it. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** Tokens carry 256 random bits, so a fast hash is enough: nobody can guess a preimage. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. (2 is Algorithm.Argon2id, a const enum.)
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown e-mails so that a login answers in the same time whether the account exists or not. */
let decoyHash: Promise<string> | undefined;
export async function spendPasswordCheck(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, password);
}
