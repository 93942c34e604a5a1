/** A self-contained HTML page listing the OpenAPI document's operations (no external assets: works offline). */
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function docsPage(doc: Record<string, unknown>): string {
  const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
  const byTag = new Map<string, string[]>();
  for (const [p, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0]!;
      const access = op['x-access'];
      const row = `<li${op.deprecated ? ' class="dep"' : ''}><code class="m ${esc(method)}">${esc(method.toUpperCase())}</code> <code>${esc(p)}</code> — ${esc(op.summary)} <small>${esc(Array.isArray(access) ? access.join(' | ') : access)}</small>${op.deprecated ? ' <em>deprecated</em>' : ''}</li>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()].map(([tag, rows]) => `<h2>${esc(tag)}</h2><ul>${rows.join('')}</ul>`).join('');
  const info = doc.info as { title: string; description: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(info.title)} — API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1b2330}code{font:13px ui-monospace,monospace}.m{display:inline-block;min-width:4.5em;font-weight:700}.get{color:#1a7f37}.post{color:#0969da}.put,.patch{color:#9a6700}.delete{color:#cf222e}li{margin:.3rem 0}.dep{opacity:.7}small{color:#57606a}</style></head>
<body><h1>${esc(info.title)}</h1><p>${esc(info.description)}</p><p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>${sections}</body></html>`;
}
