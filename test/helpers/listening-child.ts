/**
 * Starts test/helpers/listening-service.ts as its own process and waits for its {port, token} line: for
 * tests that measure the service from outside (a blocked event loop shows there, not in app.fetch).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ListeningService {
  child: ChildProcess;
  base: string;
  token: string;
}

export async function startListeningService(): Promise<ListeningService> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/listening-service.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as { port: number; token: string });
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${ready.port}`, token: ready.token };
}

export function stopListeningService(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null) child.kill('SIGTERM');
}
