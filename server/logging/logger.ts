/** The service's JSON-lines logger: every field goes through redact() before it is written. */
import type { Logger } from '../deps';
import { redact, redactText, type RedactOptions } from './redact';

type Sink = (line: string) => void;

export function createJsonLogger(o: RedactOptions, sinks: { out: Sink; err: Sink } = { out: (l) => console.log(l), err: (l) => console.error(l) }): Logger {
  const write = (sink: Sink, level: string, msg: string, extra?: Record<string, unknown>) =>
    sink(JSON.stringify({ level, msg: redactText(msg, o), ...(extra ? (redact(extra, o) as Record<string, unknown>) : {}) }));
  return {
    info: (msg, extra) => write(sinks.out, 'info', msg, extra),
    warn: (msg, extra) => write(sinks.err, 'warn', msg, extra),
    error: (msg, extra) => write(sinks.err, 'error', msg, extra),
  };
}
