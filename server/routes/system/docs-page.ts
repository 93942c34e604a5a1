/**
 * The /docs page: Swagger UI (served by the service itself, ./docs-assets.ts) on /openapi.json, with
 * a plain list of the operations for a browser without scripts. In the sandbox it names the sandbox API
 * client and prefills it in the Authorize dialog, as `npm start` prints it.
 */
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface DocsPageOptions {
  /** The sandbox API client, shown and prefilled; null in production. */
  sandboxClient: { id: string; secret: string } | null;
}

function operationList(doc: Record<string, unknown>): string {
  const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
  const byTag = new Map<string, string[]>();
  for (const [p, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0]!;
      const row = `<li><code>${esc(method.toUpperCase())} ${esc(p)}</code> — ${esc(op.summary)}${op.deprecated ? ' <em>deprecated</em>' : ''}</li>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  return [...byTag.entries()].map(([tag, rows]) => `<h2>${esc(tag)}</h2><ul>${rows.join('')}</ul>`).join('');
}

export function docsPage(doc: Record<string, unknown>, options: DocsPageOptions): string {
  const info = doc.info as { title: string; description: string };
  const client = options.sandboxClient;
  const sandbox = client
    ? `<p class="sp-sandbox">Sandbox: press <strong>Authorize</strong>, and in <em>oauth2 (OAuth2, clientCredentials)</em> use client_id <code>${esc(client.id)}</code> and client_secret <code>${esc(client.secret)}</code> (prefilled), then <strong>Try it out</strong> on any operation.</p>`
    : '';
  const data = client ? ` data-client-id="${esc(client.id)}" data-client-secret="${esc(client.secret)}"` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(info.title)} — API</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png"><link rel="stylesheet" href="/docs/assets/swagger-ui.css"><link rel="stylesheet" href="/docs/assets/docs.css"></head>
<body><header class="sp-docs-head"><p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Runnable examples: <code>examples/</code> in the repository.</p>${sandbox}</header>
<div id="swagger-ui" data-openapi="/openapi.json"${data}></div>
<noscript><div class="sp-ops"><h1>${esc(info.title)}</h1><p>${esc(info.description)}</p>${operationList(doc)}</div></noscript>
<script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/assets/docs-init.js"></script></body></html>`;
}
