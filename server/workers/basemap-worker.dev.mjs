// Loads the TypeScript worker from sources (tsx, vitest): a worker thread starts without the parent's
// loader, so tsx is registered here first. The production bundle loads dist/server/basemap-worker.js.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./basemap-worker.ts');

export default worker.default;
