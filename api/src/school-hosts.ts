import { onContentChange } from './cache.ts';
import type { Db } from './db/index.ts';
import { findSchoolHost, listSchoolHosts, normalizeHost } from './repositories/school-hosts.ts';
import { isSchoolSuspended, schoolExists } from './repositories/schools.ts';

// Which school a request is for, from its host name (docs/decisions/0022, 0131). The host table is
// held in memory, so a lookup is one Map read per request; it is reloaded after every content write
// this process handles and every minute (for changes made by another process on the database).
//
// The rule (decision 0131): a host name of the host table gets its school. The default school's own
// addresses — loopback names (localhost), IP literals, and SITE_URL's host name — get the default
// school (SCHOOL_CODE) when it exists. Any other host name is served no school: the site answers it
// with a plain 404 page, so a domain someone points at this server never shows a school's site.

export interface SchoolResolver {
  /** The school code for a request's host name; null when no school is served at that address. */
  schoolOf(hostname: string): string | null;
  /** True when the host name is in the host table (its pages are rendered on its own origin). */
  isMapped(hostname: string): boolean;
  /**
   * The school whose staff area this address opens: its school, or on one of the default school's
   * addresses SCHOOL_CODE even before that school exists (an operator's first sign-in); else null.
   */
  staffSchoolOf(hostname: string): string | null;
  /** Whether a school is suspended now (`options.suspended`: by default read from the database each time). */
  isSuspended(code: string): Promise<boolean>;
  /** Reloads the table now (also done after writes and every `refreshMs`). */
  refresh(): Promise<void>;
  /**
   * For a host name the table does not know: one indexed look-up of that name in the database (or,
   * on the default school's addresses, of that school), and when another process has added it since
   * (npm run school, npm run seed), the table reloaded; true then.
   */
  reloadOnMiss(hostname: string): Promise<boolean>;
  close(): void;
}

/** localhost, an IPv4 or a bracketed IPv6 literal (with or without a port). */
export function isAddressHost(hostname: string): boolean {
  const name = hostname.trim().toLowerCase();
  if (name.startsWith('[')) return true;
  const bare = name.replace(/:\d*$/, '').replace(/\.$/, '');
  return bare === 'localhost' || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(bare);
}

export async function createSchoolResolver(
  db: Db,
  defaultCode: string,
  options: {
    refreshMs?: number;
    onError?: (err: unknown) => void;
    /** Host names of the default school besides loopback and IP literals: SITE_URL's. */
    defaultHosts?: readonly string[];
    /** How a suspension is asked (the server's follows the content counters: schools/suspension.ts). */
    suspended?: (code: string) => Promise<boolean>;
  } = {},
): Promise<SchoolResolver> {
  let hosts = new Map<string, string>();
  let defaultExists = false;
  const defaultHosts = new Set((options.defaultHosts ?? []).map((h) => normalizeHost(h)).filter((h) => h !== null));
  const load = async () => {
    const [rows, school] = await Promise.all([
      listSchoolHosts(db),
      db.selectFrom('schools').select('code').where('code', '=', defaultCode).executeTakeFirst(),
    ]);
    hosts = new Map(rows.map((row) => [row.host, row.schoolCode]));
    defaultExists = school !== undefined;
  };
  const reload = () => void load().catch((err: unknown) => options.onError?.(err));
  await load();
  const timer = setInterval(reload, options.refreshMs ?? 60_000);
  timer.unref();
  const stopListening = onContentChange(reload);
  const isDefaultHost = (hostname: string) => {
    if (isAddressHost(hostname)) return true;
    const name = normalizeHost(hostname);
    return name !== null && defaultHosts.has(name);
  };
  const mapped = (hostname: string) => {
    const name = normalizeHost(hostname);
    return name === null ? undefined : hosts.get(name);
  };
  return {
    schoolOf(hostname) {
      return mapped(hostname) ?? (defaultExists && isDefaultHost(hostname) ? defaultCode : null);
    },
    isMapped(hostname) {
      return mapped(hostname) !== undefined;
    },
    staffSchoolOf(hostname) {
      return mapped(hostname) ?? (isDefaultHost(hostname) ? defaultCode : null);
    },
    isSuspended: options.suspended ?? ((code) => isSchoolSuspended(db, code)),
    refresh: load,
    async reloadOnMiss(hostname) {
      const name = normalizeHost(hostname);
      try {
        // Its own row, or — on the default school's addresses — the default school made since the
        // last load (a seed or `npm run school -- create` on a running server).
        const known =
          (name !== null && (await findSchoolHost(db, name))) ||
          (!defaultExists && isDefaultHost(hostname) && (await schoolExists(db, defaultCode)));
        if (!known) return false;
        await load();
        return true;
      } catch (err) {
        options.onError?.(err);
        return false;
      }
    },
    close() {
      clearInterval(timer);
      stopListening();
    },
  };
}
