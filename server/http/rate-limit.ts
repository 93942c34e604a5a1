/**
 * The service's rate limits (numbers and reasons in docs/security.md), counted in the store:
 * - sign-in and the token endpoint, per client address per minute, and per client_id for tokens;
 * - consecutive failures per account (email), per client_id and per address, answered by a block that
 *   doubles with each further block within a day (60 s, 120 s, … up to an hour by default);
 * - every request of one caller (API client or person) on the whole API, per minute, spent in memory
 *   from leases of the store's count (LeasedLimiter: no store round trip per request);
 * - accounts created (sign-up, sign-up by invite) per client address per hour; invite links tried count
 *   with sign-in's window, and an unknown or spent one as a failure of the address;
 * - telemetry positions per caller per minute, a batch counting its positions (a maximum batch costs
 *   about a thousand times a small request's store work; the per-request limit alone let one client
 *   keep the embedded store busy).
 * A refusal is 429 with Retry-After and the IETF draft headers RateLimit-Limit, RateLimit-Remaining,
 * RateLimit-Reset and RateLimit-Policy (draft-ietf-httpapi-ratelimit-headers-06 style, in seconds).
 */
import { LRUCache } from 'lru-cache';
import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import type { RateLimitConfig } from '../config';
import type { AppDeps } from '../deps';
import type { Db } from '../store/db';
import { sha256 } from '../store/identity';
import { expireRateLimits, LeasedLimiter, storeLimiter } from '../store/rate-limits';
import { ApiError } from './errors';

const DAY = 86_400;
const HOUR = 3_600;
const SWEEP_MS = 5 * 60_000;

export type RateLimitHeaders = Record<string, string>;

function headersFor(limit: number, window: number, remaining: number, msBeforeNext: number): RateLimitHeaders {
  const reset = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, remaining)),
    'RateLimit-Reset': String(reset),
    'RateLimit-Policy': `${limit};w=${window}`,
  };
}

function tooMany(message: string, limit: number, window: number, msBeforeNext: number): ApiError {
  const h = headersFor(limit, window, 0, msBeforeNext);
  return new ApiError(429, `${message}; try again in ${h['RateLimit-Reset']} s`, undefined, { 'Retry-After': h['RateLimit-Reset']!, ...h });
}

/** A fixed window of `points` hits per `duration` seconds; null when the configured number is 0 (off). */
class Window {
  private readonly limiter: RateLimiterPostgres | LeasedLimiter | null;
  /** leased: spent in memory from leases of the store's count (the per-caller API limit, on every request). */
  constructor(db: Db, readonly name: string, readonly points: number, readonly duration: number, leased = false) {
    // A leased window refuses from memory by itself once the store's window is full (LeasedLimiter).
    const store = points > 0 ? storeLimiter(db, { keyPrefix: name, points, duration, blockInMemory: !leased }) : null;
    this.limiter = store && leased ? new LeasedLimiter(store, points, duration) : store;
  }

  /** Counts one hit (or `points`: only a store-counted window, not a leased one); throws 429 when over. Returns the headers describing what is left. */
  async hit(key: string, message: string, points = 1): Promise<RateLimitHeaders | null> {
    if (!this.limiter) return null;
    try {
      const r = this.limiter instanceof LeasedLimiter ? await this.limiter.consume(key) : await this.limiter.consume(key, points);
      return headersFor(this.points, this.duration, r.remainingPoints, r.msBeforeNext);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooMany(message, this.points, this.duration, e.msBeforeNext);
      throw e;
    }
  }
}

/**
 * Failures of one key: after `threshold` of them within an hour the key is blocked, for
 * blockSeconds × 2^(n-1) where n counts the blocks of the last day (capped). succeeded() clears both.
 */
class FailureBackoff {
  private readonly fails: RateLimiterPostgres | null;
  private readonly blocks: RateLimiterPostgres | null;
  /**
   * Keys this instance saw blocked, with the block's end (epoch ms): refused again without a store read
   * (a caller hammering from a blocked address cost two reads a refusal). Bounded, as callers choose
   * the keys (emails, client ids). A block ends only with time (a success cannot happen during one), so
   * this refuses nothing the store would admit, except after a race where another instance cleared the
   * key with a success that began before the block: then it refuses until the block's end (restrictive).
   */
  private readonly knownBlocked = new LRUCache<string, number>({ max: 10_000 });
  constructor(db: Db, name: string, private readonly threshold: number, private readonly cfg: RateLimitConfig) {
    this.fails = threshold > 0 ? storeLimiter(db, { keyPrefix: `${name}:fail`, points: threshold, duration: HOUR }) : null;
    this.blocks = threshold > 0 ? storeLimiter(db, { keyPrefix: `${name}:blocks`, points: 1_000_000, duration: DAY }) : null;
  }

  /** Throws at once, with no store read, when this instance knows the key is blocked. */
  checkKnown(key: string, message: string): void {
    const until = this.knownBlocked.get(key);
    if (until === undefined) return;
    const ms = until - Date.now();
    if (ms > 0) throw tooMany(message, this.threshold, HOUR, ms);
    this.knownBlocked.delete(key);
  }

  async check(key: string, message: string): Promise<void> {
    this.checkKnown(key, message);
    const r = await this.fails?.get(key);
    if (r && r.consumedPoints > this.threshold) {
      this.knownBlocked.set(key, Date.now() + r.msBeforeNext);
      throw tooMany(message, this.threshold, HOUR, r.msBeforeNext);
    }
  }

  async failed(key: string): Promise<void> {
    if (!this.fails || !this.blocks) return;
    const r = await this.fails.penalty(key, 1);
    if (r.consumedPoints < this.threshold) return;
    const n = (await this.blocks.penalty(key, 1)).consumedPoints;
    const seconds = Math.min(this.cfg.blockSeconds * 2 ** Math.min(n - 1, 30), this.cfg.blockMaxSeconds);
    await this.fails.block(key, Math.max(1, seconds));
    this.knownBlocked.set(key, Date.now() + Math.max(1, seconds) * 1000);
  }

  async succeeded(key: string): Promise<void> {
    if (!this.fails || !this.blocks) return;
    this.knownBlocked.delete(key);
    await Promise.all([this.fails.delete(key), this.blocks.delete(key)]);
  }
}

/** Emails and client ids are kept in the store only as hashes (a counter is no reason to keep them). */
const hashed = (kind: string, id: string) => `${kind}:${sha256(id.toLowerCase()).slice(0, 40)}`;

/**
 * A client's failures and its token requests a minute are counted per address: a client_id is no secret,
 * so counted alone, five wrong secrets from anybody's address blocked the client everywhere, its owner's
 * own service included (up to an hour at the longest block), and 30 requests a minute from anywhere spent
 * its minute (docs/security.md, third pass). Guessing from many addresses still meets each address's own
 * limits.
 */
const clientAtAddress = (clientId: string, address: string) => hashed('client', `${clientId}\n${address}`);

export class RateLimits {
  private readonly signInAddress: Window;
  private readonly tokenAddress: Window;
  private readonly tokenClient: Window;
  private readonly accounts: FailureBackoff;
  private readonly clients: FailureBackoff;
  private readonly addresses: FailureBackoff;
  private readonly api: Window;
  private readonly accountsAddress: Window;
  private readonly positions: Window;
  private lastSweep = Date.now();

  constructor(private readonly db: Db, cfg: RateLimitConfig) {
    this.signInAddress = new Window(db, 'signin:addr', cfg.signInPerAddressPerMinute, 60);
    this.tokenAddress = new Window(db, 'token:addr', cfg.tokenPerAddressPerMinute, 60);
    this.tokenClient = new Window(db, 'token:client', cfg.tokenPerClientPerMinute, 60);
    this.accounts = new FailureBackoff(db, 'signin:acct', cfg.failuresPerAccount, cfg);
    this.clients = new FailureBackoff(db, 'token:client', cfg.failuresPerAccount, cfg);
    this.addresses = new FailureBackoff(db, 'auth:addr', cfg.failuresPerAddress, cfg);
    this.api = new Window(db, 'api', cfg.apiPerMinute, 60, true);
    this.accountsAddress = new Window(db, 'accounts:addr', cfg.accountsPerAddressPerHour, HOUR);
    this.positions = new Window(db, 'positions', cfg.positionsPerMinute, 60);
  }

  /** Before a sign-in is looked at: throws 429 when the address or the account may not try now. */
  async beforeSignIn(address: string, email: string): Promise<void> {
    this.sweep();
    this.addresses.checkKnown(address, 'Too many failed attempts from this address');
    await Promise.all([
      this.addresses.check(address, 'Too many failed attempts from this address'),
      this.accounts.check(hashed('acct', email), 'Too many failed sign-ins for this account'),
    ]);
    await this.signInAddress.hit(address, 'Too many sign-in attempts from this address');
  }

  async afterSignIn(address: string, email: string, ok: boolean): Promise<void> {
    const key = hashed('acct', email);
    // A success clears the account's count, never the address's: a caller's own good sign-in between
    // guesses at other accounts must not reset it.
    if (ok) await this.accounts.succeeded(key);
    else await Promise.all([this.accounts.failed(key), this.addresses.failed(address)]);
  }

  async beforeToken(address: string, clientId: string): Promise<void> {
    this.sweep();
    this.addresses.checkKnown(address, 'Too many failed attempts from this address');
    await Promise.all([
      this.addresses.check(address, 'Too many failed attempts from this address'),
      this.clients.check(clientAtAddress(clientId, address), 'Too many failed token requests for this client from this address'),
    ]);
    await this.tokenAddress.hit(address, 'Too many token requests from this address');
    await this.tokenClient.hit(clientAtAddress(clientId, address), 'Too many token requests for this client from this address');
  }

  async afterToken(address: string, clientId: string, ok: boolean): Promise<void> {
    const key = clientAtAddress(clientId, address);
    if (ok) await this.clients.succeeded(key);
    else await Promise.all([this.clients.failed(key), this.addresses.failed(address)]);
  }

  /** Before an invite link is looked at (preview, join, sign-up): sign-in's limits of the address. */
  async beforeInvite(address: string): Promise<void> {
    this.sweep();
    await this.addresses.check(address, 'Too many failed attempts from this address');
    await this.signInAddress.hit(address, 'Too many attempts from this address');
  }

  /** An unknown, spent or expired link is a failure of the address (guessing links gets it blocked). */
  async afterInvite(address: string, ok: boolean): Promise<void> {
    if (!ok) await this.addresses.failed(address);
  }

  /** Before an account is created: the address's hourly count of new accounts. */
  async beforeAccountCreation(address: string): Promise<void> {
    this.sweep();
    await this.accountsAddress.hit(address, 'Too many accounts created from this address');
  }

  /** One request of an identified caller; the headers say what is left of the minute. */
  async apiRequest(callerKey: string): Promise<RateLimitHeaders | null> {
    return this.api.hit(callerKey, 'Too many requests from this caller');
  }

  /**
   * A batch of `count` telemetry positions from one caller. A batch larger than the whole minute's
   * allowance can never pass, so it is refused as such rather than counted (a 429 would invite a retry).
   */
  async positionsSent(callerKey: string, count: number): Promise<void> {
    this.sweep();
    if (this.positions.points > 0 && count > this.positions.points) {
      throw tooMany(`A batch of ${count} positions is more than this caller's ${this.positions.points} a minute`, this.positions.points, 60, 60_000);
    }
    await this.positions.hit(callerKey, 'Too many positions from this caller', count);
  }

  /** Old counters go now and then, from whichever instance gets there (no timer to stop). */
  private sweep(): void {
    if (Date.now() - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = Date.now();
    void expireRateLimits(this.db).catch(() => undefined);
  }
}

const perDeps = new WeakMap<AppDeps, RateLimits>();

/** One set of limiters per service (deps), created on first use. */
export function rateLimitsFor(deps: AppDeps): RateLimits {
  let r = perDeps.get(deps);
  if (!r) perDeps.set(deps, (r = new RateLimits(deps.db, deps.config.rateLimits)));
  return r;
}
