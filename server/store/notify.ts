/**
 * Change announcements between instances on one PostgreSQL (docs/deploy.md "Datasets"): a writer calls
 * notifyChange() in the transaction of its change (PostgreSQL delivers it on commit), and every instance
 * keeps one dedicated connection that LISTENs. A notification carries only a topic: the listener re-reads
 * the store, so a notification meant for another schema on the same database (tests) costs one read.
 * NOTIFY is lost while a listener is disconnected, so on every (re)connect the listener reports every
 * topic as changed, and callers keep a slow poll as a safety net.
 */
import pg from 'pg';
import type { Logger } from '../deps';
import type { Sql } from './db';

export const CHANGE_CHANNEL = 'skyplan_changes';
export type ChangeTopic = 'dataset' | 'sandbox_tfr' | 'dem' | 'live';
export const CHANGE_TOPICS: readonly ChangeTopic[] = ['dataset', 'sandbox_tfr', 'dem', 'live'];

/** Announces a change; on the embedded store (one instance) it is a harmless no-op. */
export async function notifyChange(db: Sql, topic: ChangeTopic): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, topic]);
}

export interface ChangeListenerOptions {
  url: string;
  onChange: (topic: ChangeTopic) => void;
  log: Logger;
  /** First wait before reconnecting, doubled after each failure up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Shown in pg_stat_activity, so an operator (or a test) can tell the listening connection apart. */
  applicationName?: string;
}

/** Starts listening; the returned function stops (and closes the connection). */
export function listenForChanges(opts: ChangeListenerOptions): () => Promise<void> {
  const minBackoff = opts.minBackoffMs ?? 250;
  const maxBackoff = opts.maxBackoffMs ?? 10_000;
  let stopped = false;
  let client: pg.Client | null = null;
  let backoff = minBackoff;
  let retry: NodeJS.Timeout | null = null;

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, backoff);
    retry.unref();
    backoff = Math.min(backoff * 2, maxBackoff);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: opts.url, keepAlive: true, application_name: opts.applicationName ?? 'skyplan-change-listener' });
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      c.removeAllListeners('notification');
      c.end().catch(() => undefined);
      if (stopped) return;
      opts.log.warn('change listener disconnected; reconnecting', { error: err ? String(err) : 'connection ended' });
      schedule();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL && (CHANGE_TOPICS as readonly string[]).includes(n.payload ?? '')) opts.onChange(n.payload as ChangeTopic);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    backoff = minBackoff;
    // Whatever was announced while disconnected was lost: read everything again.
    for (const t of CHANGE_TOPICS) opts.onChange(t);
  };

  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
