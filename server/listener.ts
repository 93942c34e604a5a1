/**
 * What stands between the port and the app (docs/security.md ("Connections")): time-outs for slow clients,
 * a cap on connections per remote address, and the owner-only permissions of DATA_DIR, which holds
 * the store and with it the token secret.
 */
import { timeRequest } from './http/metrics';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { Config } from './config';

/** http.createServer options: headers, whole request and idle keep-alive limits. */
export function serverOptions(config: Config): ServerOptions {
  return {
    headersTimeout: config.headersTimeoutSeconds * 1000,
    requestTimeout: config.requestTimeoutSeconds * 1000,
    keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
    // Node checks the two time-outs above only this often (default 30 s, which would let a slow client
    // hold a socket for up to 30 s past its limit).
    connectionsCheckingInterval: 1000,
  };
}

/**
 * Answers a request and returns true, or returns false having written nothing (the app answers). A
 * request it takes and cannot answer after all (it read the body first) it hands to `app` itself, once,
 * having written nothing (briefings given again: server/routes/briefing/briefing.fast-path.ts).
 */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse, app: RequestListener) => boolean;

/** The first of several early answers that takes the request. */
export function firstOf(...answers: EarlyAnswer[]): EarlyAnswer {
  return (req, res, app) => {
    for (const a of answers) if (a(req, res, app)) return true;
    return false;
  };
}

/**
 * http.createServer for @hono/node-server's serve(): `early()` (null until the app is up) may answer
 * first (cached tiles: server/routes/tiles/tiles.fast-path.ts; briefings given again:
 * server/routes/briefing/briefing.fast-path.ts), else the app's listener answers. The
 * time-outs and the connection cap apply to both: they are the server's, not the listener's.
 */
export function createServerWith(early: () => EarlyAnswer | null): typeof createServer {
  return ((options: ServerOptions, appListener: RequestListener) =>
    createServer(options, (req, res) => {
      // Every request is timed once, here, whichever answers it (server/http/metrics.ts).
      const timed = timeRequest(req, res);
      if (early()?.(req, res, appListener)) {
        timed.early = true;
        return;
      }
      appListener(req, res);
    })) as typeof createServer;
}

/** Descriptors kept free of client connections: the store's files, the dataset, tiles, workers, logs. */
export const DESCRIPTORS_RESERVED = 256;

/** The soft limit on open files from the text of /proc/self/limits (Linux), or null where it cannot be read. */
export function openFilesLimit(limitsText: string | null = readLimits()): number | null {
  const m = limitsText?.match(/^Max open files\s+(\d+|unlimited)/m);
  if (!m || m[1] === 'unlimited') return null;
  return Number(m[1]);
}

function readLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/**
 * How many connections the server holds open in all (0: no cap). MAX_CONNECTIONS decides when set;
 * otherwise the open-files limit less DESCRIPTORS_RESERVED (at least 64): a flood of sockets from many
 * addresses, each under its per-address cap, took every descriptor, and during the start the store's
 * own file open failed with EMFILE and the process exited (docs/security.md, third pass).
 */
export function connectionCap(configured: number | null, filesLimit: number | null): number {
  if (configured !== null) return configured;
  if (filesLimit === null) return 0;
  return Math.max(64, filesLimit - DESCRIPTORS_RESERVED);
}

/**
 * Closes at once each connection beyond `max` open ones from one remote address (0: no cap). Behind a
 * load balancer every connection comes from its address: raise or disable the cap there (docs/deploy.md).
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const addr = socket.remoteAddress ?? 'unknown';
    const n = (open.get(addr) ?? 0) + 1;
    if (n > max) {
      socket.destroy();
      return;
    }
    open.set(addr, n);
    socket.once('close', () => {
      const left = (open.get(addr) ?? 1) - 1;
      if (left <= 0) open.delete(addr);
      else open.set(addr, left);
    });
  });
}

/**
 * DATA_DIR and everything in it owner-only: directories 0700, files 0600. New files get that from the
 * process umask (0077, set first thing in server/index.ts); this fixes what an older version left
 * world-writable. Symbolic links are neither followed nor changed.
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.isDirectory()) {
      if ((st.mode & 0o777) !== 0o700) chmodSync(p, 0o700);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if ((st.mode & 0o077) !== 0) {
      chmodSync(p, st.mode & 0o700);
    }
  };
  walk(dir);
}
