/**
 * Which methods a path answers, from the route table: a request for a known path with another method
 * is 405 with `Allow` (RFC 9110 15.5.6), not the 404 of an unknown path (issue 30).
 */
import type { RouteSpec } from './route';

/** The methods of the route table's paths that match `path`, upper-case, with HEAD beside GET; empty for an unknown path. */
export function allowedMethods(routes: readonly RouteSpec[]): (path: string) => string[] {
  const byPattern = new Map<string, { re: RegExp; methods: Set<string> }>();
  for (const r of routes) {
    let entry = byPattern.get(r.path);
    if (!entry) {
      const source = r.path
        .split(/(\{[^}]+\})/)
        .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      entry = { re: new RegExp(`^${source}$`), methods: new Set() };
      byPattern.set(r.path, entry);
    }
    entry.methods.add(r.method.toUpperCase());
    if (r.method === 'get') entry.methods.add('HEAD');
  }
  const entries = [...byPattern.values()];
  return (path) => {
    const out = new Set<string>();
    for (const e of entries) if (e.re.test(path)) for (const m of e.methods) out.add(m);
    return [...out].sort();
  };
}
