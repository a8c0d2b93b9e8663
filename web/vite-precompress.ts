import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every compressible client file of 1 KB or
 * more, once at build time; api/src/site.ts serves them (@fastify/static `preCompressed`), so
 * assets cost no compression per request and are smaller than on-the-fly brotli (quality 4).
 */
export function precompress(): Plugin {
  return {
    name: 'sthsm-precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = path.join(dir, name);
            const data = await readFile(file);
            if (data.length < 1024) return;
            await Promise.all([
              brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }).then(
                (out) => writeFile(`${file}.br`, out),
              ),
              gz(data, { level: 9 }).then((out) => writeFile(`${file}.gz`, out)),
            ]);
          }),
      );
    },
  };
}
