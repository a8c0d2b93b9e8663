import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Readiness } from '../cluster/readiness.ts';
import { HttpError } from '../errors.ts';
import { withoutHiddenPhotos } from '../media/visible-refs.ts';
import { schoolExists } from '../repositories/schools.ts';
import { codeParams, notFound } from './schemas.ts';
import type { ContentType } from '@sthsm/contract';
import { SITE_LANGUAGES } from '@sthsm/contract/languages';
import { CONTENT_REGISTRY } from '../content/registry.ts';
import { inLanguage } from '../content/translations.ts';

/**
 * ?lang=hi on a public read (docs/api.md "Languages"): the items' text in that language where the
 * school has published it, the rest as written (English).
 */
export const langQuery = z.object({
  lang: z.enum(SITE_LANGUAGES).optional().describe("A site language's code (hi, bn …): the text of items translated into it"),
});

// What the route plugins receive and share: their dependencies, the zod type provider, the
// school check every `/{code}` route starts with, and the one shape of a school's list route.

/** What every route plugin receives. */
export interface Deps {
  db: Db;
  config: Config;
  /** The clock; tests pin it. */
  now: () => Date;
  /** What /api/health/ready checks besides the database (server.ts; tests pass their own). */
  readiness?: Readiness;
  /**
   * Whether a school is suspended (schools/suspension.ts). Routes with a school code are answered
   * by the app's hook; an answer found by id or path (a file, an album) asks for its own school.
   */
  suspended?: (code: string) => Promise<boolean>;
}

/** The app with zod schemas as its type provider, so handlers see typed params, bodies and replies. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** 404 for a school code the database does not know (codes are matched exactly). */
export async function requireSchool(db: Db, code: string): Promise<void> {
  if (!(await schoolExists(db, code))) throw new HttpError(404, `Unknown school code "${code}".`);
}

/**
 * GET `path` (with `:code`): one school's list of CONTRACT.md items, newest first unless stated.
 * An unknown school is 404; the answer is checked and documented by `item`'s schema.
 */
export function schoolListRoute<T>(
  app: FastifyInstance,
  { db, now }: Pick<Deps, 'db' | 'now'>,
  path: string,
  route: {
    summary: string;
    tags: string[];
    item: z.ZodType<T>;
    list: (code: string) => Promise<T[]>;
    /** The content type whose versions in other languages ?lang= reads (content/translations.ts). */
    type?: ContentType;
  },
): void {
  const spec = route.type ? CONTENT_REGISTRY[route.type] : undefined;
  typed(app).get(
    path,
    {
      schema: {
        summary: route.summary,
        tags: route.tags,
        params: codeParams,
        ...(spec?.translatable.length ? { querystring: langQuery } : {}),
        response: { 200: z.array(route.item), ...notFound },
      },
    },
    async (req) => {
      await requireSchool(db, req.params.code);
      const at = now();
      // One rule for every list: a photo hidden for consent is in no item's files (media/visible-refs.ts).
      const items = await withoutHiddenPhotos(db, await route.list(req.params.code), at);
      if (!spec) return items;
      const { lang } = langQuery.parse(req.query ?? {});
      return inLanguage(db, req.params.code, spec, lang, items as Array<T & { _id: string }>, at);
    },
  );
}
