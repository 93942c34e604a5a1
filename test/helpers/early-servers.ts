/**
 * Two servers over real sockets on one test service, as server/index.ts wires them: the app alone, and an
 * early answer before the same app (server/listener.ts), with the app's fetch counted. Used by the tests
 * of the answers given before the app (cached tiles, briefings given again).
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createServerWith, type EarlyAnswer } from '../../server/listener';
import type { TestService } from './service';

export class EarlyServers {
  /** How many times the early server's app was called (tests reset it). */
  appCalls = 0;
  private readonly servers: ServerType[] = [];

  /** Ports of the app alone and of the early answer before it. */
  async pair(t: TestService, early: EarlyAnswer): Promise<{ plain: number; fast: number }> {
    const plain = await this.listen(serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }));
    const counted = (req: Request, env: unknown) => {
      this.appCalls++;
      return t.app.fetch(req, env);
    };
    const fast = await this.listen(serve({ fetch: counted, port: 0, hostname: '127.0.0.1', createServer: createServerWith(() => early) }));
    return { plain, fast };
  }

  close(): Promise<unknown> {
    return Promise.all(this.servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }

  private async listen(s: ServerType): Promise<number> {
    this.servers.push(s);
    await new Promise<void>((resolve) => s.once('listening', () => resolve()));
    return (s.address() as AddressInfo).port;
  }
}
