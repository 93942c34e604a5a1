// npm run dev: the service with reload on change (tsx watch) on SERVICE_PORT (8081) and Vite with hot
// reload on PORT (8080), proxying the API to the service. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const servicePort = process.env.SERVICE_PORT ?? '8081';
const port = process.env.PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: servicePort, PUBLIC_URL: `http://localhost:${port}`, PORTAL_DIR: '' },
  }),
  spawn('npx', ['vite', '--port', port, '--strictPort'], { stdio: 'inherit', env: { ...process.env, SERVICE_URL: `http://localhost:${servicePort}` } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
