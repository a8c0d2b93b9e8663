import type { FastifyInstance } from 'fastify';

/**
 * Mounts the server-rendered site on every path outside /api.
 * Placeholder until the web workspace lands (issue 3): without a site, non-API paths are 404 JSON.
 */
export async function mountSite(_app: FastifyInstance): Promise<void> {}
