import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../errors.ts';
import { normalizeHost } from '../repositories/school-hosts.ts';
import { typed, type Deps } from './deps.ts';
import { errorBody } from './schemas.ts';

// The `ask` endpoint of a TLS terminator that issues certificates on demand (Caddy's on-demand TLS,
// deploy/Caddyfile; docs/decisions/0138): a certificate is only ever requested for a host name a
// school is served on, so adding a host to a school is all it takes, and a stranger pointing a name
// at the server gets none.

/** Asks per client address and minute: far above what a proxy asks (once per new host name and renewal). */
export const TLS_ASK_RATE_LIMIT_PER_MINUTE = 120;

const notServed = (domain: string) => `No school is served on "${domain.slice(0, 253)}".`;

export const tlsRoutes: FastifyPluginAsync<Deps> = async (app, { db, config }) => {
  // SITE_URL's host is the default school's own address even when the host table does not list it.
  const siteHost = config.siteUrl ? normalizeHost(new URL(config.siteUrl).host) : null;

  typed(app).get(
    '/tls/allowed',
    {
      config: { rateLimit: { max: TLS_ASK_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        summary: 'Whether a certificate may be issued for a host name (the ask endpoint of on-demand TLS)',
        description:
          "200 when `domain` is a host name a school is served on (the host table, or SITE_URL's host), 404 otherwise. " +
          'Read from the database on every call, never cached: a host name removed from a school is refused at once.',
        tags: ['operations'],
        querystring: z.object({
          domain: z.string().max(1000).optional().describe('The host name a certificate is wanted for, e.g. www.school.example'),
        }),
        response: { 200: z.object({ domain: z.string() }), 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const domain = req.query.domain;
      if (domain === undefined) throw new HttpError(400, 'Name the host to check: /api/tls/allowed?domain=www.school.example');
      const host = normalizeHost(domain);
      if (host === null) throw new HttpError(404, notServed(domain));
      if (host === siteHost) return { domain: host };
      const row = await db.selectFrom('school_hosts').select('host').where('host', '=', host).executeTakeFirst();
      if (!row) throw new HttpError(404, notServed(host));
      return { domain: host };
    },
  );
};
