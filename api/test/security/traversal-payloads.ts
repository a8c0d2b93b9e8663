// Path-traversal payloads, generated: every spelling of "go up one directory" combined with every
// spelling of a separator, at several depths, towards canaries outside the media root; plus
// absolute paths, NUL tricks and mixed depths. Strings are request-target bytes ready for a raw socket
// (non-ASCII characters are sent as raw UTF-8).

/** "..": plain, percent, double and triple percent, overlong UTF-8, unicode look-alikes. */
export const DOTS = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%25252e%25252e',
  '%c0%ae%c0%ae',
  '%e0%80%ae%e0%80%ae',
  '%f0%80%80%ae%f0%80%80%ae',
  '%c0%2e%c0%2e',
  '%u002e%u002e',
  '\uff0e\uff0e',
  '%ef%bc%8e%ef%bc%8e',
  '\u2024\u2024',
  '\u2025',
  '%e2%80%a4%e2%80%a4',
  '..%00',
  '...',
  '....',
  '.. ',
  '..;',
];

/** "/": plain, percent, double percent, backslash, overlong, unicode slashes (U+2215, U+FF0F, U+2044, U+FF3C). */
export const SLASHES = [
  '/',
  '%2f',
  '%2F',
  '%252f',
  '%25252f',
  '\\',
  '%5c',
  '%5C',
  '%255c',
  '%c0%af',
  '%e0%80%af',
  '%c1%9c',
  '%c0%5c',
  '\u2215',
  '%e2%88%95',
  '\uff0f',
  '%ef%bc%8f',
  '\uff3c',
  '%ef%bc%bc',
  '\u2044',
  '%e2%81%84',
  '/./',
  '//',
  '%2f%2e%2f',
];

const DEPTHS = [1, 3, 6];
const SUFFIXES = ['', '%00', '%00.jpg', '\u0000.jpg', '%2500.jpg', '?w=64', '#x', ';.jpg', '%20', '.'];

export interface PayloadOptions {
  /** Canary paths relative to the directory above the media root, e.g. "canary.txt". */
  targets: string[];
  /** Absolute path of the directory above the media root (for absolute-path payloads). */
  outsideDir: string;
  /** How deep below the media root the route's prefix already is (e.g. 3 for STHSM/public/Images/). */
  prefixDepth: number;
}

function encodeTarget(target: string, slash: string): string {
  return target.split('/').join(slash);
}

/** The payload tails (what follows the route's prefix), distinct, in a stable order. */
export function traversalTails({ targets, outsideDir, prefixDepth }: PayloadOptions): string[] {
  const out = new Set<string>();
  for (const target of targets) {
    for (const dots of DOTS) {
      for (const slash of SLASHES) {
        for (const depth of DEPTHS) out.add(`${`${dots}${slash}`.repeat(depth + prefixDepth)}${encodeTarget(target, slash)}`);
      }
    }
    // Mixed spellings in one path, and mixed depths (down, then up further than down).
    for (const [i, dots] of DOTS.entries()) {
      const slash = SLASHES[(i * 7) % SLASHES.length] ?? '/';
      const other = DOTS[(i * 5 + 3) % DOTS.length] ?? '..';
      for (let depth = 1; depth <= 6; depth++) {
        out.add(`x${slash}y${slash}${`${dots}/${other}${slash}`.repeat(depth + prefixDepth)}${target}`);
        out.add(`Images/${`${dots}${slash}`.repeat(depth + prefixDepth + 1)}${target}`);
      }
    }
    for (const suffix of SUFFIXES) {
      for (let depth = 1; depth <= 8; depth++) {
        out.add(`${'../'.repeat(depth + prefixDepth)}${target}${suffix}`);
        out.add(`${'..%2f'.repeat(depth + prefixDepth)}${target}${suffix}`);
        out.add(`${'%2e%2e%5c'.repeat(depth + prefixDepth)}${target}${suffix}`);
      }
    }
    // Absolute paths in every separator spelling.
    const absolute = `${outsideDir}/${target}`.replace(/^\/+/, '');
    for (const slash of SLASHES) {
      for (const lead of ['', slash, `${slash}${slash}`, 'file:', 'file:%2f%2f', 'C:', 'c:\\', '%00']) {
        out.add(`${lead}${slash}${encodeTarget(absolute, slash)}`);
      }
    }
  }
  return [...out];
}

/** Serialises a tail for the request line: raw UTF-8 for non-ASCII, spaces and controls kept as given. */
export function requestTarget(prefix: string, tail: string): Buffer {
  return Buffer.from(`${prefix}${tail}`, 'utf8');
}
