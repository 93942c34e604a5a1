/**
 * Liveness and readiness for load balancers and orchestrators (docs/deploy.md "Health endpoints"):
 * public, unversioned (they describe the instance, not the API), cheap: /livez touches nothing,
 * /readyz one `SELECT 1` on the store.
 */
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { errorBody } from '../../http/errors';
import { lifecycleOf, type Phase } from '../../lifecycle';

export const HealthSchema = z
  .object({
    status: z.enum(['alive', 'ready', 'starting', 'draining', 'store_unavailable']),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

export const LIVE: Health = { status: 'alive' };

/** The readiness answer of an instance that has not built its app yet (the port opens first). */
export function phaseHealth(phase: Phase): { status: 200 | 503; body: Health } {
  return phase === 'ready' ? { status: 200, body: { status: 'ready' } } : { status: 503, body: { status: phase } };
}

export async function readiness(deps: AppDeps): Promise<{ status: 200 | 503; body: Health }> {
  const answer = phaseHealth(lifecycleOf(deps).phase);
  if (answer.status !== 200) return answer;
  try {
    await deps.db.query('SELECT 1');
  } catch {
    return { status: 503, body: { status: 'store_unavailable' } };
  }
  return answer;
}

/**
 * What the port answers before the app exists (the port opens first, so that liveness answers during a
 * long dataset load): /livez 200, /readyz 503, anything else 503 with Retry-After.
 */
export function beforeAppResponse(req: Request, phase: Phase): Response {
  const { pathname } = new URL(req.url);
  const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  if (pathname === '/livez') return new Response(JSON.stringify(LIVE), { status: 200, headers });
  if (pathname === '/readyz') {
    const r = phaseHealth(phase);
    return new Response(JSON.stringify(r.body), { status: r.status, headers });
  }
  return new Response(JSON.stringify(errorBody(503, 'The service is starting; try again shortly')), { status: 503, headers: { ...headers, 'retry-after': '5' } });
}
