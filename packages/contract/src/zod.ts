import { z } from 'zod';

// These schemas also run in browsers, under a Content-Security-Policy without 'unsafe-eval': zod
// probes `new Function` for its JIT when an object schema is built, and that probe is a reported
// violation. Every module of this package takes `z` from here, so in a browser the JIT is off before
// any schema exists (package.json lists this file as having side effects, so bundlers keep it).
if ('document' in globalThis) z.config({ jitless: true });

export { z };
