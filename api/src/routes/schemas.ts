import { errorBodySchema } from '@sthsm/contract';
import { z } from 'zod';

// Parameter and error schemas shared by the routes. Entity shapes come from @sthsm/contract, so the
// OpenAPI document, the API's answers and the site's parsing are one set of schemas.

export const codeParams = z.object({ code: z.string().min(1).max(64).describe('School code, e.g. STHSM') });
export const errorBody = errorBodySchema;
export const notFound = { 404: errorBody };
