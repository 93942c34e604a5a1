import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { codeState, reloadOnceFor } from '../lib/code-recovery';
import { failedAsset, lazyPage, retryFailedPages } from './lazy-page';
import { RECOVERY, RouteErrorBoundary } from './route-error';
import { Component, Suspense, type ReactNode } from 'react';

const INDEX = (entry: string) => `<!doctype html><html><head><script type="module" crossorigin src="${entry}"></script></head><body></body></html>`;
const html = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'text/html' } });
const chunkFailed = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/operations.route-OLD.js');

/** A page whose code fails to load `failures` times, then loads. */
function flakyPage(failures: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw chunkFailed();
    return { Component: () => <p>the operations page</p> };
  });
  return { Page: lazyPage(load), load };
}

/** Awaited: React resolves a page that suspends on its code only in an awaited act. */
async function renderAt(Page: React.ComponentType) {
  await act(async () => {
    render(
    <MemoryRouter initialEntries={['/operations']}>
      <RouteErrorBoundary>
        <Suspense fallback={<p>Loading…</p>}>
          <Routes>
            <Route path="/operations" element={<Page />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
    );
  });
}

const realReload = RECOVERY.reload;
const reload = vi.fn();

describe('a page whose code could not be fetched', () => {
  let script: HTMLScriptElement;
  beforeEach(() => {
    // React logs the caught errors; the tests expect them.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    RECOVERY.firstDelayMs = 30;
    RECOVERY.maxDelayMs = 60;
    RECOVERY.reload = reload;
    reload.mockClear();
    script = Object.assign(document.createElement('script'), { type: 'module' });
    script.setAttribute('src', '/assets/index-OLD.js');
    document.head.append(script);
    sessionStorage.clear();
  });
  afterEach(() => {
    Object.assign(RECOVERY, { firstDelayMs: 1000, maxDelayMs: 15_000, reload: realReload });
    script.remove();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits while the service is down, says so, and loads on its own when it answers again', async () => {
    let up = false;
    const api = mockFetch(async (path) => {
      if (!up) throw new TypeError('Failed to fetch');
      return path === '/' ? html(INDEX('/assets/index-OLD.js')) : new Response('', { status: 404 });
    });
    const { Page, load } = flakyPage(1);
    await renderAt(Page);
    expect((await screen.findByTestId('route-error', {}, { timeout: 3000 })).dataset.phase).toBeDefined();
    await waitFor(() => expect(screen.getByTestId('route-error').dataset.phase).toBe('waiting'), { timeout: 3000 });
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be reached\. It loads on its own as soon as the service answers again/);
    // It keeps asking while down, and does not fetch the code again meanwhile.
    await waitFor(() => expect(api.callsTo('/').length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    expect(load).toHaveBeenCalledTimes(1);
    up = true;
    expect(await screen.findByText('the operations page', {}, { timeout: 5000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fetches the code again at once when the service answers with the same portal', async () => {
    mockFetch(async () => html(INDEX('/assets/index-OLD.js')));
    const { Page, load } = flakyPage(1);
    await renderAt(Page);
    expect(await screen.findByText('the operations page', {}, { timeout: 5000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads once by itself when fetching again keeps failing while the service answers (the browser keeps a failed chunk)', async () => {
    mockFetch(async () => html(INDEX('/assets/index-OLD.js')));
    const { Page, load } = flakyPage(10);
    await renderAt(Page);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(load).toHaveBeenCalledTimes(4);
    expect(sessionStorage.getItem('skyplan:reloaded-for-entry')).toBe(`/assets/index-OLD.js ${window.location.pathname}`);
  });

  it('after the reload for this page, stops trying on its own and says so, and Try again still works', async () => {
    mockFetch(async () => html(INDEX('/assets/index-OLD.js')));
    sessionStorage.setItem('skyplan:reloaded-for-entry', `/assets/index-OLD.js ${window.location.pathname}`);
    const { Page, load } = flakyPage(4);
    await renderAt(Page);
    await waitFor(() => expect(screen.getByTestId('route-error').dataset.phase).toBe('failed'), { timeout: 5000 });
    expect(reload).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(4);
    expect(screen.getByRole('alert').textContent).toMatch(/although the service answers/);
    const again = screen.getByRole('button', { name: 'Try again' });
    await act(async () => again.click());
    expect(await screen.findByText('the operations page', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('after a deploy it has reloaded for already, asks the pilot to reload instead of looping', async () => {
    mockFetch(async () => html(INDEX('/assets/index-NEW.js')));
    sessionStorage.setItem('skyplan:reloaded-for-entry', '/assets/index-NEW.js');
    const { Page } = flakyPage(1);
    await renderAt(Page);
    await waitFor(() => expect(screen.getByTestId('route-error').dataset.phase).toBe('updated'), { timeout: 3000 });
    expect(screen.getByRole('alert').textContent).toMatch(/The portal was updated since you opened it/);
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('a failed chunk is fetched again under a new address', () => {
  it('imports the script the message names with ?retry=N, not the same address (Chromium keeps a failed module)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = `${window.location.origin}/assets/operations.route-AbC.js`;
    const load = vi.fn(async () => {
      throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
    });
    const importUrl = vi.fn(async (u: string) => {
      if (u.endsWith('?retry=1')) throw new TypeError(`Failed to fetch dynamically imported module: ${u}`);
      return { Component: () => <p>the operations page</p> };
    });
    const Page = lazyPage(load, { importUrl });
    const view = () => (
      <Suspense fallback={<p>Loading…</p>}>
        <Boundary>
          <Page />
        </Boundary>
      </Suspense>
    );
    let r!: ReturnType<typeof render>;
    await act(async () => void (r = render(view())));
    expect(await screen.findByText('failed')).toBeTruthy();
    for (const attempt of [1, 2]) {
      retryFailedPages();
      await act(async () => r.rerender(view()));
      if (attempt === 1) expect(await screen.findByText('failed')).toBeTruthy();
    }
    expect(await screen.findByText('the operations page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(importUrl.mock.calls.map((c) => c[0])).toEqual([`${url}?retry=1`, `${url}?retry=2`]);
    vi.restoreAllMocks();
  });

  it('reads the address from Chromium, Firefox and Vite messages, and only for this origin', () => {
    const origin = 'https://portal.example';
    expect(failedAsset(new TypeError('Failed to fetch dynamically imported module: https://portal.example/assets/a-X1.js'), origin)).toEqual({ url: 'https://portal.example/assets/a-X1.js', kind: 'script' });
    expect(failedAsset(new TypeError('error loading dynamically imported module: https://portal.example/assets/a-X1.js?retry=2'), origin)).toEqual({ url: 'https://portal.example/assets/a-X1.js', kind: 'script' });
    expect(failedAsset(new Error('Unable to preload CSS for /assets/plan-Y2.css'), origin)).toEqual({ url: 'https://portal.example/assets/plan-Y2.css', kind: 'style' });
    expect(failedAsset(new TypeError('Importing a module script failed.'), origin)).toBeNull();
    expect(failedAsset(new TypeError('Failed to fetch dynamically imported module: https://elsewhere.example/a.js'), origin)).toBeNull();
    expect(failedAsset('not an error', origin)).toBeNull();
  });
});

/** Shows "failed" for an error below it until it is rendered again. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(prev: { children: ReactNode }) {
    if (prev.children !== this.props.children && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

describe('codeState and reloadOnceFor', () => {
  it('tell a stopped service, a new deploy and the same portal apart', async () => {
    const answer = (r: Response | Error) => (async () => (r instanceof Error ? Promise.reject(r) : r)) as unknown as typeof fetch;
    expect((await codeState('/assets/index-A.js', answer(new TypeError('Failed to fetch')))).state).toBe('unreachable');
    expect((await codeState('/assets/index-A.js', answer(new Response('', { status: 502 })))).state).toBe('unreachable');
    expect((await codeState('/assets/index-A.js', answer(html('<p>proxy error</p>')))).state).toBe('unreachable');
    expect(await codeState('/assets/index-A.js', answer(html(INDEX('/assets/index-B.js'))))).toEqual({ state: 'replaced', entry: '/assets/index-B.js' });
    expect((await codeState('/assets/index-A.js', answer(html(INDEX('/assets/index-A.js'))))).state).toBe('same');
  });

  it('reloads once per new entry', () => {
    sessionStorage.clear();
    const reload = vi.fn();
    expect(reloadOnceFor('/assets/index-B.js', sessionStorage, reload)).toBe(true);
    expect(reloadOnceFor('/assets/index-B.js', sessionStorage, reload)).toBe(false);
    expect(reloadOnceFor('/assets/index-C.js', sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
