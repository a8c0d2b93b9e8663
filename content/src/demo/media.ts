import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DemoFile } from '../types.ts';
import { renderPhoto, type PhotoSpec } from './images.ts';
import { renderCrest, type CrestSpec } from './crests.ts';
import { renderPdf, type PdfSpec } from './pdfs.ts';
import { contentId } from './random.ts';

// Records are built synchronously with placeholder references ("media:<key>"); the files are
// then rendered in parallel and each placeholder becomes the file's content-hash id. A key is
// rendered once however many records use it (an event and its album share photos).

const TOKEN = 'media:';
const PARALLEL_RENDERS = 4;

export type Job = { kind: 'photo'; spec: PhotoSpec } | { kind: 'pdf'; spec: PdfSpec } | { kind: 'crest'; spec: CrestSpec };

interface Entry {
  job: Job;
  /** Path-form file: its fixed path. Id-form: a directory; the file goes to `${dir}/${id}.${ext}`. */
  path?: string;
  dir?: string;
  /** A friendly file name for downloads and the lightbox's Filename. */
  name: string;
}

export interface RenderedMedia {
  files: DemoFile[];
  /** Turns a placeholder into a file id; other references pass through unchanged. */
  resolve(ref: string): string;
}

export interface MediaRegistry {
  /** An id-form photo; returns a placeholder reference. */
  photo(key: string, spec: PhotoSpec, name: string): string;
  /** An id-form PDF; returns a placeholder reference. */
  pdf(key: string, spec: PdfSpec, name: string): string;
  /** A path-form file (facility photos, syllabus); returns the path itself. */
  pathFile(path: string, job: Job): string;
  render(): Promise<RenderedMedia>;
}

const CONTENT_TYPES = { photo: 'image/jpeg', pdf: 'application/pdf', crest: 'image/png' } as const;
const EXTENSIONS = { photo: 'jpg', pdf: 'pdf', crest: 'png' } as const;

function renderJob(job: Job): Promise<Buffer> {
  switch (job.kind) {
    case 'photo':
      return renderPhoto(job.spec);
    case 'pdf':
      return renderPdf(job.spec);
    case 'crest':
      return renderCrest(job.spec);
  }
}

/**
 * What a picture's bytes depend on besides its spec: the code that draws it and the libraries sharp
 * draws with. A change to either makes every cached picture a miss.
 */
const DRAWN_BY = createHash('sha256')
  .update(JSON.stringify(sharp.versions))
  .update(['images.ts', 'crests.ts', 'random.ts'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')).join('\0'))
  .digest('hex');

/**
 * Renders a job, or, given a cache directory, reads the bytes an earlier run drew for the same spec
 * and code. Only the pictures (photos and crests, drawn from SVG by sharp: ~10 s of CPU for the demo)
 * are cached; PDFs are quick. Each entry is written to a temporary name and renamed into place, so
 * processes seeding at once never read half a file.
 */
async function renderCached(job: Job, cacheDir: string | undefined): Promise<Buffer> {
  if (!cacheDir || job.kind === 'pdf') return renderJob(job);
  const key = createHash('sha256').update(DRAWN_BY).update(JSON.stringify(job)).digest('hex');
  const file = join(cacheDir, `${key}.${EXTENSIONS[job.kind]}`);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const bytes = await renderJob(job);
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
  return bytes;
}

async function parallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const dirOf = (key: string) => `${key.split(':')[0] ?? 'shared'}/uploads`;

/**
 * Id-form files go to "{school code}/uploads/{id}.{ext}": keys start with the school code ("STHSM:…").
 * `cacheDir`: where drawn pictures are kept between runs (the test suites' many fresh servers).
 */
export function createMediaRegistry(cacheDir?: string): MediaRegistry {
  const entries = new Map<string, Entry>();
  const add = (key: string, entry: Entry) => {
    if (!entries.has(key)) entries.set(key, entry);
  };
  return {
    photo(key, spec, name) {
      add(key, { job: { kind: 'photo', spec }, dir: dirOf(key), name });
      return TOKEN + key;
    },
    pdf(key, spec, name) {
      add(key, { job: { kind: 'pdf', spec }, dir: dirOf(key), name });
      return TOKEN + key;
    },
    pathFile(path, job) {
      add(`path:${path}`, { job, path, name: path.slice(path.lastIndexOf('/') + 1) });
      return path;
    },
    async render() {
      const list = [...entries];
      const rendered = await parallel(list, PARALLEL_RENDERS, async ([, entry]) => renderCached(entry.job, cacheDir));
      const ids = new Map<string, string>();
      const files = new Map<string, DemoFile>();
      list.forEach(([key, entry], i) => {
        const bytes = rendered[i];
        if (!bytes) throw new Error(`media ${key} was not rendered`);
        const contentType = CONTENT_TYPES[entry.job.kind];
        if (entry.path) {
          files.set(entry.path, { path: entry.path, contentType, bytes, name: entry.name });
          return;
        }
        const id = contentId(bytes);
        ids.set(key, id);
        const path = `${entry.dir}/${id}.${EXTENSIONS[entry.job.kind]}`;
        if (!files.has(path)) files.set(path, { path, id, contentType, bytes, name: entry.name });
      });
      return {
        files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
        resolve(ref) {
          if (!ref.startsWith(TOKEN)) return ref;
          const id = ids.get(ref.slice(TOKEN.length));
          if (!id) throw new Error(`unknown media reference ${ref}`);
          return id;
        },
      };
    },
  };
}
