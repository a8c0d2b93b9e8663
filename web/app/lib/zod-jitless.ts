import { config } from 'zod/v4/core';

// Zod probes `new Function` for its JIT when a schema is built; under the CSP (no 'unsafe-eval')
// that probe is a reported violation. In the browser, validate without the JIT. Import this
// module before '@sthsm/contract' wherever the alumni schema reaches the browser (the alumni
// route), so only that page loads zod's core, not every page through root.tsx (issue 8).
if (typeof document !== 'undefined') config({ jitless: true });
