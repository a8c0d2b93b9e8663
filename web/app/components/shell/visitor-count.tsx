import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n';

/** The visitor calls get this long before the footer gives up and shows a dash. */
const VISITOR_TIMEOUT_MS = 5_000;

type State = { kind: 'loading' } | { kind: 'done'; count: number } | { kind: 'failed' };

/**
 * SPEC §7: POST /api/visitor { schoolcode }, then GET /api/visitor/{code}, showing `visitor` of
 * the first item. It runs in the browser after load, so the server HTML stays cacheable; the
 * API's once-per-30-minutes cookie travels with `credentials: 'same-origin'`.
 */
export function VisitorCount({ code }: { code: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const { t, tag } = useI18n();

  useEffect(() => {
    let active = true;
    const signal = AbortSignal.timeout(VISITOR_TIMEOUT_MS);
    const options = { credentials: 'same-origin', signal } as const;
    (async () => {
      await fetch('/api/visitor', {
        ...options,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ schoolcode: code }),
      }).catch(() => undefined); // the count is still worth reading if registering failed
      const response = await fetch(`/api/visitor/${encodeURIComponent(code)}`, options);
      if (!response.ok) throw new Error(`visitor ${response.status}`);
      const data: unknown = await response.json();
      const first: unknown = Array.isArray(data) ? data[0] : undefined;
      const count = (first as { visitor?: unknown } | undefined)?.visitor;
      if (typeof count !== 'number') throw new Error('visitor: no count');
      if (active) setState({ kind: 'done', count });
    })().catch(() => {
      if (active) setState({ kind: 'failed' });
    });
    return () => {
      active = false;
    };
  }, [code]);

  const text = state.kind === 'done' ? state.count.toLocaleString(tag) : state.kind === 'failed' ? '—' : '…';
  return (
    <p className="visitor" data-school-code={code}>
      <span className="visitor__label">{t('shell.visitors')}</span>
      <span className="visitor__count" aria-live="polite" aria-busy={state.kind === 'loading'}>
        {text}
      </span>
    </p>
  );
}
