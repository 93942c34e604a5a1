/**
 * A page whose code loads on first use, and loads again after it failed. React.lazy keeps a failed
 * import for good, so a page whose chunk could not be fetched (the service stopped, a deploy replaced the
 * files) showed its error until the pilot reloaded. Here the failed load is kept only until
 * `retryFailedPages()`: the next render fetches the code again.
 *
 * Chromium keeps a failed module in the document's module map: `import()` of the same address fails
 * again without asking the network, even once the service is back (seen with Debian's Chromium 150). So
 * a retry imports the script the browser's message names under a new address (`?retry=N`), which is
 * fetched; the page's other chunks keep their own addresses, so nothing already loaded runs twice. A
 * chunk that failed as a dependency stays failed in that document: the error page then reloads once
 * (route-error.tsx). A stylesheet the message names is asked for again the same way.
 */
import { use, type ComponentType } from 'react';

type Module = { Component: ComponentType };
type Loader = () => Promise<Module>;

interface Load {
  promise: Promise<ComponentType> | null;
  /** The same-origin script whose fetch failed, as the browser named it; a retry imports it afresh. */
  failedScript: string | null;
  /** The same-origin stylesheet whose load failed; a retry asks for it again. */
  failedStyle: string | null;
  tries: number;
}

interface Options {
  /** How a script is imported by its address (tests pass their own). */
  importUrl?: (url: string) => Promise<Module>;
}

const failed = new Set<Load>();

const importByUrl = (url: string) => import(/* @vite-ignore */ url) as Promise<Module>;

/**
 * The same-origin script or stylesheet a failed load names: Chromium's and Firefox's messages end with its
 * address ("Failed to fetch dynamically imported module: https://…/assets/x-AbC.js"), Vite's with the
 * stylesheet's ("Unable to preload CSS for /assets/x-AbC.css"). Any query is dropped; null when the
 * message names none, or another origin.
 */
export function failedAsset(error: unknown, origin: string = window.location.origin): { url: string; kind: 'script' | 'style' } | null {
  const message = error instanceof Error ? error.message : '';
  const m = /(\S+?\.(m?js|css))(?:[?#]\S*)?\s*$/.exec(message);
  if (!m) return null;
  let url: URL;
  try {
    url = new URL(m[1]!, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return { url: url.origin + url.pathname, kind: m[2] === 'css' ? 'style' : 'script' };
}

/** A stylesheet that failed to load is asked for again under a new address (the failed element stays). */
function reloadStylesheet(url: string, tries: number): void {
  const path = new URL(url).pathname;
  const stale = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((l) => new URL(l.href, window.location.href).pathname === path);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = `${path}?retry=${tries}`;
  if (stale) stale.after(link);
  else document.head.append(link);
}

/** Made once per module, so a render never starts a new load while one is in flight or done. */
export function lazyPage(load: Loader, options: Options = {}): ComponentType {
  const importUrl = options.importUrl ?? importByUrl;
  const state: Load = { promise: null, failedScript: null, failedStyle: null, tries: 0 };
  function Page() {
    if (state.promise === null) {
      if (state.failedStyle) reloadStylesheet(state.failedStyle, state.tries);
      state.failedStyle = null;
      state.promise = (state.failedScript ? importUrl(`${state.failedScript}?retry=${state.tries}`) : load()).then(
        (m) => m.Component,
        (error: unknown) => {
          const asset = failedAsset(error);
          if (asset?.kind === 'script') state.failedScript = asset.url;
          if (asset?.kind === 'style') state.failedStyle = asset.url;
          failed.add(state);
          throw error;
        },
      );
    }
    const Component = use(state.promise);
    return <Component />;
  }
  return Page;
}

/** Forgets the pages whose code failed to load: their next render fetches it again. */
export function retryFailedPages(): void {
  for (const s of failed) {
    s.promise = null;
    s.tries += 1;
  }
  failed.clear();
}
