import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // WEB_BUILD_DIR lets parallel builds (tests, benchmarks) use their own output folder.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
} satisfies Config;
