import path from 'node:path';
import { defineConfig } from 'vite';
// With its extension: Vite's native config loader (Node's own import) needs it, and warns otherwise.
import { precompress } from './vite-precompress.ts';

// The islands (docs/decisions/0076): browser modules for pages that load no React, one per widget
// (app/islands/<name>.ts), built after `react-router build` into the same client folder, hashed
// like every asset (served immutable). Their manifest (client/.vite/islands.json, not served: a
// dot-folder) tells the server (app/lib/islands.server.ts) which file each page's script is.
const client = path.join(process.env.WEB_BUILD_DIR ?? 'build', 'client');

export default defineConfig({
  plugins: [precompress()],
  build: {
    outDir: client,
    emptyOutDir: false,
    manifest: '.vite/islands.json',
    copyPublicDir: false,
    rolldownOptions: {
      // As in vite.config.ts: no list of the slowest plugins (precompression is slow by design).
      checks: { bundlerTimings: false },
      // The lightbox package marks its modules "use client" (React Server Components), which means
      // nothing in an island bundle; Rolldown warns that the directive is dropped. Only that notice
      // of that package is silenced: any other directive still warns.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /yet-another-react-lightbox/.test(`${warning.id ?? ''} ${warning.message}`))
          return;
        warn(warning);
      },
      input: {
        alumni: 'app/islands/alumni.ts',
        home: 'app/islands/home.ts',
        photos: 'app/islands/photos.ts',
        subscribe: 'app/islands/subscribe.ts',
      },
      output: { entryFileNames: 'assets/island-[name]-[hash].js', chunkFileNames: 'assets/island-[name]-[hash].js' },
    },
  },
});
