/**
 * A page whose code loads on first use, and loads again after it failed. React.lazy keeps a failed
 * import for good, so a page whose chunk could not be fetched (the service stopped, a deploy replaced the
 * files) showed its error until the pilot reloaded. Here the failed load is kept only until
 * `retryFailedPages()`: the next render fetches the code again (browsers do fetch a failed module again).
 */
import { use, type ComponentType } from 'react';

type Loader = () => Promise<{ Component: ComponentType }>;

interface Load {
  promise: Promise<ComponentType> | null;
}

const failed = new Set<Load>();

/** Made once per module, so a render never starts a new load while one is in flight or done. */
export function lazyPage(load: Loader): ComponentType {
  const state: Load = { promise: null };
  function Page() {
    state.promise ??= load().then(
      (m) => m.Component,
      (error: unknown) => {
        failed.add(state);
        throw error;
      },
    );
    const Component = use(state.promise);
    return <Component />;
  }
  return Page;
}

/** Forgets the pages whose code failed to load: their next render fetches it again. */
export function retryFailedPages(): void {
  for (const s of failed) s.promise = null;
  failed.clear();
}
