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
