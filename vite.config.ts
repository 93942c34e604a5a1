import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { maplibreCssUnusedControls } from './scripts/maplibre-css';

// The portal. In `npm run dev` Vite proxies the API to the service (scripts/dev.mjs starts both).
const api = process.env.SERVICE_URL ?? 'http://localhost:8081';
const VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+)[\\/]/;
const proxied = ['/v1', '/v2', '/styles', '/tiles', '/fonts', '/sprites', '/openapi.json', '/docs'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/portal',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    // React, React DOM, the router and React Query in one chunk: every page loads all of them (the entry
    // needs them), and the bundler had cut React, its JSX runtime and part of React Query into chunks of
    // their own (the plan page loaded four files for them; one file compresses better: 2 KB gzip less).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'vendor', test: VENDOR }] } } },
  },
  // MapLibre's stylesheet without the controls the map never adds (scripts/maplibre-css.ts).
  css: { postcss: { plugins: [maplibreCssUnusedControls()] } },
  server: {
    port: Number(process.env.PORT ?? 8080),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: false }])),
  },
});
