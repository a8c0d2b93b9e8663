import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the response being rendered. api/src/site.ts picks a fresh
 * one per request and hands it over in the `x-csp-nonce` request header; web/app/entry.server.tsx
 * provides it here. In the browser it is '' (browsers hide nonces from the DOM), which is fine:
 * scripts added after hydration are modules loaded from 'self'.
 */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}
