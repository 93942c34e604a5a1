/**
 * What handlers get: configuration, the store, the current airspace dataset, tokens, a clock.
 * Built once by server/index.ts (or by a test) and passed to createApp().
 */
import type { Config } from './config';
import type { DatasetProvider } from './data/dataset-provider';
import type { TokenService } from './http/tokens';
import type { Db } from './store/db';
import { createJsonLogger } from './logging/logger';

export interface Logger {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

export interface AppDeps {
  config: Config;
  db: Db;
  datasets: DatasetProvider;
  tokens: TokenService;
  /** The service's notion of now; tests replace it to travel in time. */
  now: () => Date;
  log: Logger;
  /** Hooks other modules attach to (e.g. the callback outbox wakes its worker). */
  events: DomainEvents;
}

export interface DomainEvents {
  /** An authorization changed status: the callback outbox was written in the same transaction. */
  onOutboxWritten(): void;
  /** Listen for outbox writes (the deliverer wakes up); returns the unsubscribe function. */
  subscribeOutbox(listener: () => void): () => void;
}

/** Outside production: stack traces kept; server/bootstrap.ts picks by profile. Redaction: server/logging/redact.ts. */
export const jsonLogger: Logger = createJsonLogger({ stackTraces: true });

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
