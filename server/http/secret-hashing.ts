/**
 * Password and client-secret hashing (scrypt) through a gate: at most SECRET_HASH_CONCURRENCY hashes at
 * once, SECRET_HASH_QUEUE more waiting, beyond that 503 with Retry-After. scrypt runs in libuv's thread
 * pool (4 threads by default), which also reads every file the service serves (portal, fonts, sprites),
 * resolves callback hosts and compresses; an unauthenticated flood of sign-ins from many addresses (each
 * under its own rate limit) held all four threads: the portal's static files took 4.8 s instead of 6 ms
 * and the API client's token 6.1 s (docs/security.md, "Resource exhaustion, fourth pass"). With the gate
 * two threads stay free for everything else. Routes: sign-in, the token endpoint, sign-up, invite sign-up.
 */
import { LRUCache } from 'lru-cache';
import { sha256, verifySecret } from '../store/identity';
import { ApiError } from './errors';

/** Hashes running at once: half of libuv's default pool of 4 (UV_THREADPOOL_SIZE raises both). */
export const SECRET_HASH_CONCURRENCY = Math.max(1, Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));
/** Hashes waiting beyond those; each takes ~25-50 ms, so a full queue is about a second's work. */
export const SECRET_HASH_QUEUE = 32;

export const hashingBusy = () =>
  new ApiError(503, 'The service is busy checking passwords and secrets; retry shortly', undefined, { 'Retry-After': '1' });

export class SecretHashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency = SECRET_HASH_CONCURRENCY,
    readonly queue = SECRET_HASH_QUEUE,
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `hash` when a slot is free; 503 at once when the queue is full. */
  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw hashingBusy();
      // The slot is handed over by release(): running stays counted.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await hash();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The process's gate: every route that hashes or checks a secret shares it. */
export const secretHashing = new SecretHashGate();

/**
 * API clients' secrets already verified by this process, as the SHA-256 of (client, stored hash, secret):
 * the integration asking for its hourly token does not queue behind a flood of wrong secrets or
 * passwords (6.1 s under a sign-in flood, through the gate still 3.4-3.6 s). Only a secret that passed
 * scrypt against the stored hash is kept, so a wrong one always pays the full scrypt; a new secret (a new
 * stored hash) misses. Client secrets are long and random (docs/auth.md), so a fast hash of one in memory
 * gives nothing a guess could use; people's passwords are never kept this way.
 */
const verifiedClientSecrets = new LRUCache<string, true>({ max: 1000 });

export async function verifyClientSecret(clientId: string, secret: string, stored: string): Promise<boolean> {
  const key = sha256(`${clientId}\n${stored}\n${secret}`);
  if (verifiedClientSecrets.has(key)) return true;
  const ok = await secretHashing.run(() => verifySecret(secret, stored));
  if (ok) verifiedClientSecrets.set(key, true);
  return ok;
}
