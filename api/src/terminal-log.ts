import { isColorSupported, prettyFactory } from 'pino-pretty';

// `npm start` in a terminal: log lines a person reads — time, level, message, and for a request one
// line "GET /news 200 12 ms" — instead of pino's JSON. Under systemd or CI (no TTY) the server writes
// JSON as before, for a log collector. Same fields either way: nothing personal is added.

/** Requests whose "incoming request" line was seen and whose "request completed" line was not yet. */
const OPEN_REQUESTS_AT_MOST = 10_000;

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  replayed?: boolean;
  [field: string]: unknown;
}

/** A pino destination that writes readable lines to `out` (the server's stdout). */
export function terminalLogStream(
  out: { write: (text: string) => unknown } = process.stdout,
  colour = isColorSupported,
): {
  write: (line: string) => void;
} {
  const format = prettyFactory({
    colorize: colour,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime,replayed',
    singleLine: true,
  });
  const open = new Map<string, { method: string; url: string }>();
  return {
    write(line: string) {
      let entry: LogLine;
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        out.write(line);
        return;
      }
      // Fastify logs a request twice, on arrival and when answered: one line, when answered.
      if (entry.msg === 'incoming request' && entry.reqId && entry.req) {
        if (open.size >= OPEN_REQUESTS_AT_MOST) open.delete(open.keys().next().value as string);
        open.set(entry.reqId, { method: entry.req.method ?? '', url: entry.req.url ?? '' });
        return;
      }
      if (entry.msg === 'request completed') {
        const req = entry.req?.url
          ? { method: entry.req.method ?? '', url: entry.req.url }
          : entry.reqId
            ? open.get(entry.reqId)
            : undefined;
        if (entry.reqId) open.delete(entry.reqId);
        const time =
          typeof entry.responseTime === 'number'
            ? ` ${entry.responseTime < 10 ? entry.responseTime.toFixed(1) : Math.round(entry.responseTime)} ms`
            : '';
        entry.msg = `${req ? `${req.method} ${req.url}` : 'request'} ${entry.res?.statusCode ?? ''}${time}${entry.replayed ? ' (replayed)' : ''}`;
      }
      out.write(format(entry));
    },
  };
}
