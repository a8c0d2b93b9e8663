import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
// With its extension: Vite's native config loader (Node's own import) needs it, and warns otherwise.
import { precompress } from './vite-precompress.ts';

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    rolldownOptions: {
      // Rolldown lists the slowest plugins when a build takes a few seconds: the brotli-11
      // precompression is slow by design, and the list only puzzles whoever runs npm start.
      checks: { bundlerTimings: false },
      output: {
        // React Router in one chunk, whichever routes use which of its parts: otherwise a new set of
        // routes (the staff area) reshuffles the chunks every public page loads and the home page's
        // first-load JavaScript grows (web/e2e/admin-public-isolation.spec.ts).
        codeSplitting: { groups: [{ name: 'react-router', test: /[\\/]node_modules[\\/]react-router[\\/]/ }] },
      },
    },
  },
});
