/**
 * Fetching from a live source (docs/live-data.md "Limits"): a deadline per request, a cap on the body
 * (read as it arrives: a huge answer is cut off at the cap, never held whole), and the caller's own
 * abort. Every failure is an Error whose message says what went wrong, for /v1/status and the log.
 */
export interface FetchLimits {
  /** Whole request, headers and body. */
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal | undefined;
  userAgent?: string;
}

export class LiveFetchError extends Error {}

export async function fetchCapped(url: string, limits: FetchLimits): Promise<string> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = limits.signal ? AbortSignal.any([timeout, limits.signal]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'application/json, application/xml;q=0.9, */*;q=0.5', 'user-agent': limits.userAgent ?? 'skyplan (+https://github.com/skyplan)' } });
  } catch (err) {
    throw new LiveFetchError(reason(err, signal, timeout, limits.timeoutMs, url));
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new LiveFetchError(`${url} answered HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new LiveFetchError(`${url} answered ${declared} bytes, more than the cap of ${limits.maxBytes}`);
  }
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new LiveFetchError(`${url} answered more than the cap of ${limits.maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof LiveFetchError) throw err;
    throw new LiveFetchError(reason(err, signal, timeout, limits.timeoutMs, url));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function reason(err: unknown, signal: AbortSignal, timeout: AbortSignal, ms: number, url: string): string {
  if (timeout.aborted) return `${url} did not answer within ${ms} ms`;
  if (signal.aborted) return `${url}: the request was abandoned (${String(signal.reason instanceof Error ? signal.reason.message : signal.reason)})`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${url} could not be reached (${err instanceof Error ? err.message : String(err)}${cause})`;
}
