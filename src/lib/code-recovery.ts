/**
 * What to do about page code that could not be fetched: ask the service for the portal's index page.
 * - it does not answer: the service is down (or the connection): ask again later, then fetch the code again;
 * - it names another entry script than the one running: a deploy replaced the files, whose old names are
 *   gone for good: reload the page, once per new deploy (a reload that lands on the same failure must not
 *   loop);
 * - it names the same entry: the service is back (or the failure was passing): fetch the code again.
 */
export type CodeState = 'unreachable' | 'replaced' | 'same';

const ENTRY = /<script\b[^>]*type="module"[^>]*src="([^"]+)"/;

/** The entry script of the running portal, as its index page names it (a path). */
export function runningEntry(doc: Document = document): string | null {
  const src = doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
  return src ?? null;
}

export async function codeState(running: string | null, fetchImpl: typeof fetch = fetch): Promise<{ state: CodeState; entry: string | null }> {
  let html: string;
  try {
    const res = await fetchImpl('/', { cache: 'no-store', headers: { accept: 'text/html' } });
    if (!res.ok) return { state: 'unreachable', entry: null };
    html = await res.text();
  } catch {
    return { state: 'unreachable', entry: null };
  }
  const entry = ENTRY.exec(html)?.[1] ?? null;
  // An index page without an entry (a proxy's error page answered 200) is not the portal: not back yet.
  if (entry === null) return { state: 'unreachable', entry: null };
  return { state: running !== null && entry !== running ? 'replaced' : 'same', entry };
}

const RELOADED_FOR = 'skyplan:reloaded-for-entry';

/** Reloads the page once for this new entry; false when it already did (the reload did not help). */
export function reloadOnceFor(entry: string, storage: Storage = sessionStorage, reload: () => void = () => window.location.reload()): boolean {
  try {
    if (storage.getItem(RELOADED_FOR) === entry) return false;
    storage.setItem(RELOADED_FOR, entry);
  } catch {
    // Without storage a loop cannot be ruled out: do not reload on our own.
    return false;
  }
  reload();
  return true;
}

// What browsers and Vite say when a page's code or its CSS cannot be fetched: the service is down,
// the connection dropped, or a deploy replaced the files since the portal was opened.
const CODE_NOT_LOADED = [/dynamically imported module/i, /unable to preload css/i, /importing a module script failed/i, /loading (css )?chunk/i];

export function isCodeNotLoaded(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return CODE_NOT_LOADED.some((p) => p.test(message));
}

/**
 * A chunk failed again after a failed load (lazy-module.ts): Chromium keeps a failed module for the
 * document's life and answers every later import of it from that failure, whatever the service does. So
 * once the service answers (the same portal, or a new deploy), the page reloads, once for this entry and
 * path (the plan lives in its address, so nothing is lost); while it does not answer, nothing happens and
 * the next try asks again. Resolves to whether it reloaded.
 */
export async function recoverStuckCode(reload: () => void = () => window.location.reload(), fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const { state, entry } = await codeState(runningEntry(), fetchImpl);
  if (state === 'unreachable' || entry === null) return false;
  return state === 'replaced' ? reloadOnceFor(entry, sessionStorage, reload) : reloadOnceHere(entry, reload);
}

/**
 * Reloads once for this entry at this path: the browser keeps a failed chunk for the document's life, and
 * a new document fetches it. False when it already did (the reload did not help).
 */
export function reloadOnceHere(entry: string, reload: () => void): boolean {
  return reloadOnceFor(`${entry} ${window.location.pathname}`, sessionStorage, reload);
}
