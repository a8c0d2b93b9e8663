import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    rolldownOptions: {
      output: {
        // React Router in one chunk, whichever routes use which of its parts: otherwise a new set of
        // routes (the staff area) reshuffles the chunks every public page loads and the home page's
        // first-load JavaScript grows (web/e2e/admin-public-isolation.spec.ts).
        codeSplitting: { groups: [{ name: 'react-router', test: /[\\/]node_modules[\\/]react-router[\\/]/ }] },
      },
    },
  },
});
