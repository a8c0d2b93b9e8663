import { readFileSync } from 'node:fs';

// The islands' built files (docs/decisions/0076): small browser modules that pages without React
// load for one widget (islands/*.ts), built after the site by vite.islands.config.ts into the
// client build, which writes their names and hashed files to client/.vite/islands.json. This
// module is part of the server build (build/server/index.js), so the client build is its sibling.

interface ManifestEntry {
  file: string;
  name?: string;
  isEntry?: boolean;
}

/** Island name (its file's name under app/islands) → the URL of its built module. */
export type IslandUrls = Readonly<Record<string, string>>;

function readIslands(): IslandUrls {
  try {
    const manifest = JSON.parse(readFileSync(new URL('../client/.vite/islands.json', import.meta.url), 'utf8')) as Record<
      string,
      ManifestEntry
    >;
    return Object.fromEntries(
      Object.entries(manifest)
        .filter(([, entry]) => entry.isEntry && entry.name)
        .map(([, entry]) => [entry.name, `/${entry.file}`]),
    );
  } catch {
    // Not built (a build handed in by tests): the pages still work, as plain forms.
    console.warn('islands: client/.vite/islands.json not found; pages with islands work without them');
    return {};
  }
}

export const islandUrls: IslandUrls = readIslands();
