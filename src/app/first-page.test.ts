/** What the portal asks for before its first render (src/preload.ts): /plan's code and map, on /plan only. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, pending } from '../test/fetch-mock';

const planLoaded = vi.fn();
vi.mock('./routes/plan.route', () => {
  planLoaded();
  return { Component: () => null };
});

const { isPlanPath, preloadFirstPage } = await import('./first-page');

afterEach(() => vi.unstubAllGlobals());

describe('the first page preload', () => {
  it('knows the paths that show the plan page', () => {
    for (const p of ['/', '/plan', '/plan/']) expect(isPlanPath(p)).toBe(true);
    for (const p of ['/operations', '/plan/operations/x/claim', '/sign-in', '/planx']) expect(isPlanPath(p)).toBe(false);
  });

  it('asks for nothing on another page', () => {
    const { fn } = mockFetch((_, init) => pending(init));
    preloadFirstPage('/operations');
    expect(fn).not.toHaveBeenCalled();
    expect(planLoaded).not.toHaveBeenCalled();
  });

  it("loads the plan page's code and asks for the map's style on /plan", async () => {
    const { callsTo } = mockFetch((_, init) => pending(init));
    preloadFirstPage('/plan');
    expect(callsTo('/styles/light/style.json')).toHaveLength(1);
    await expect.poll(() => planLoaded.mock.calls.length).toBe(1);
  });
});
