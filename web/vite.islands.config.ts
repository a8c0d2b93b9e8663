import path from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

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
      input: { alumni: 'app/islands/alumni.ts', home: 'app/islands/home.ts', photos: 'app/islands/photos.ts' },
      output: { entryFileNames: 'assets/island-[name]-[hash].js', chunkFileNames: 'assets/island-[name]-[hash].js' },
    },
  },
});
