/**
 * The cluster bench's load and its accounting (scripts/cluster-load.mjs), and the balancer's settings
 * that decide which failed requests HAProxy may send again (scripts/cluster.mjs).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module without types, shared with scripts/cluster-bench.mjs
import { failuresByCause, fixedRate, tally } from './cluster-load.mjs';
// @ts-expect-error plain ES module without types, run by npm run cluster
import { haproxyConfig } from './cluster.mjs';

interface Failure { start: number; end: number; status: number | 'network'; server: string | null }

describe('failures by cause', () => {
  const events = { killed: 'i3', killedAt: 1000, exitedAt: 1010, frozen: 'i2', frozenAt: 5000, thawedAt: 8000 };
  const f = (start: number, end: number, status: Failure['status'], server: string | null): Failure => ({ start, end, status, server });

  it('counts as the kill only what the killed instance had in flight, as the freeze only what went to the frozen one', () => {
    const failures = [
      f(900, 1020, 502, 'i3'), // in flight on the killed instance
      f(1005, 1030, 'network', null), // sent as the signal landed, cut on the client
      f(1200, 1300, 502, 'i3'), // sent after it was gone: should have been redispatched
      f(900, 1020, 408, 'i1'), // another instance too slow at the same moment
      f(4000, 35_000, 504, 'i2'), // stuck on the frozen instance
      f(6000, 6100, 503, '<NOSRV>'), // no instance left during the freeze
      f(9000, 9100, 504, 'i2'), // after the thaw
    ];
    const causes = failuresByCause(failures, events);
    expect(causes.killed).toEqual([failures[0], failures[1]]);
    expect(causes.frozen).toEqual([failures[4]]);
    expect(causes.other).toEqual([failures[2], failures[3], failures[5], failures[6]]);
    expect(JSON.parse(tally(causes.other))).toEqual({ '502 i3': 1, '408 i1': 1, '503 <NOSRV>': 1, '504 i2': 1 });
  });
});

describe('the fixed-rate load', () => {
  it('does not wait for answers, and counts what it could not send while its cap of requests was in flight', async () => {
    const hung: Array<() => void> = [];
    const request = () => new Promise<Response>((resolve) => hung.push(() => resolve(new Response('{}'))));
    const run = fixedRate(request, 200, 3);
    // Wait (however long a loaded machine takes) until more were due than the cap allows.
    while (run.stats.sent + run.stats.skipped < 6) await new Promise((r) => setTimeout(r, 20));
    expect(run.stats.sent).toBe(3);
    expect(run.stats.skipped).toBeGreaterThanOrEqual(3);
    const stopped = run.stop();
    for (const answer of hung.splice(0)) answer();
    const stats = await stopped;
    expect(stats.ok).toBe(stats.sent);
    expect(stats.failures).toEqual([]);
  });
});

describe("HAProxy's settings", () => {
  const cfg: string = haproxyConfig(4186, 4187, [{ name: 'i1', port: 4191 }, { name: 'i2', port: 4192 }]);

  it('replays a request on another instance only when it cannot have done anything: never a POST that may write', () => {
    expect(cfg).toMatch(/retry-on conn-failure empty-response response-timeout\n/);
    expect(cfg).not.toMatch(/all-retryable-errors|retry-on .*\b50[0-4]\b/);
    // Every backend turns the replay after a sent request off for all but GET, HEAD and the POSTs that only read.
    expect(cfg.match(/http-request disable-l7-retry unless METH_GET \|\| METH_HEAD \|\| read_only\n/g)).toHaveLength(2);
    const readOnly = cfg.match(/acl read_only path_beg (.*)\n/)![1]!.split(' ');
    expect(readOnly).toContain('/v2/briefing/');
    // Nothing that writes: operations, LAANC, positions, subscribers, tokens, accounts, imports.
    for (const p of readOnly) expect(p).not.toMatch(/operation|laanc|position|subscriber|token|account|import|data/);
    expect(cfg.match(/^backend /gm)).toHaveLength(2);
  });

  it('keeps a busy instance in (5 s to answer, 3 failures in a row) and takes out one that refuses connections at once', () => {
    expect(cfg).toMatch(/timeout check 5s/);
    const servers = cfg.split('\n').filter((l) => l.trim().startsWith('server '));
    expect(servers).toHaveLength(3);
    for (const line of servers) {
      expect(line).toMatch(/check inter 2s fastinter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down/);
      // A frozen instance holds few requests: fewest in flight first, at most 8 on one, ramped back in.
      expect(line).toMatch(/maxconn 8 .*slowstart 20s/);
    }
    expect(cfg.match(/balance leastconn/g)).toHaveLength(2);
  });
});
