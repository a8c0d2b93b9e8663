import { confirmedRightsRequestSchema, type RightsRequestInput } from '@sthsm/contract/rights-requests';
import { z } from 'zod';
import { call } from './subscriptions.server';

// The site's calls to the API of people's requests about their data (/api/rights/{code}: docs/api.md),
// for /privacy/request and /privacy/request/confirm; the same calls, time-outs and answers as the
// subscription pages' (subscriptions.server.ts).

const messageSchema = z.object({ message: z.string() });
const confirmedAnswer = z.object({ request: confirmedRightsRequestSchema });

/** The request API of one school. */
export function rightsApi(school: string) {
  const base = `/api/rights/${encodeURIComponent(school)}`;
  return {
    send: (body: RightsRequestInput, clientIp: string | undefined) => call('POST', base, messageSchema, { body, clientIp }),
    confirm: (token: string) => call('POST', `${base}/confirm`, confirmedAnswer, { body: { token } }),
  };
}
