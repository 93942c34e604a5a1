/**
 * The store's one interface over two engines that speak the same SQL: PGlite (embedded, file-backed
 * under DATA_DIR, no server) and PostgreSQL (DATABASE_URL). Every repository is written once against it.
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs one or more statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Db extends Sql {
  readonly engine: 'pglite' | 'postgres';
  /**
   * A counter that moves before and after every statement that may write (anything but a plain SELECT)
   * and every transaction; only where this process is the store's one writer (PGlite). An answer read
   * while it stayed the same is still true (docs/perf.md "GET /v1/operations"). Absent on PostgreSQL:
   * other instances write there.
   */
  readonly writes?: () => number;
  /** Runs fn in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openDb(opts: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(opts.databaseUrl);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(opts.dataDir);
}
