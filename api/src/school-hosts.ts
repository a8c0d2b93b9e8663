import { onContentChange } from './cache.ts';
import type { Db } from './db/index.ts';
import { listSchoolHosts, normalizeHost } from './repositories/school-hosts.ts';

// Which school a request is for, from its host name (docs/decisions/0022). The host table is held
// in memory, so a lookup is one Map read per request; it is reloaded after every content write
// this process handles and every minute (for changes made by another process on the database).

export interface SchoolResolver {
  /** The school code for a request's host name; the default school for unknown hosts and localhost. */
  schoolOf(hostname: string): string;
  /** True when the host name is in the host table (its pages are rendered on its own origin). */
  isMapped(hostname: string): boolean;
  /** Reloads the table now (also done after writes and every `refreshMs`). */
  refresh(): Promise<void>;
  close(): void;
}

export async function createSchoolResolver(
  db: Db,
  defaultCode: string,
  options: { refreshMs?: number; onError?: (err: unknown) => void } = {},
): Promise<SchoolResolver> {
  let hosts = new Map<string, string>();
  const load = async () => {
    hosts = new Map((await listSchoolHosts(db)).map((row) => [row.host, row.schoolCode]));
  };
  const reload = () => void load().catch((err: unknown) => options.onError?.(err));
  await load();
  const timer = setInterval(reload, options.refreshMs ?? 60_000);
  timer.unref();
  const stopListening = onContentChange(reload);
  return {
    schoolOf(hostname) {
      const name = normalizeHost(hostname);
      return (name && hosts.get(name)) || defaultCode;
    },
    isMapped(hostname) {
      const name = normalizeHost(hostname);
      return name !== null && hosts.has(name);
    },
    refresh: load,
    close() {
      clearInterval(timer);
      stopListening();
    },
  };
}
