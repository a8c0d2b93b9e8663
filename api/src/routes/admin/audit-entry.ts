import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '../../staff/audit.ts';
import { staffOf } from '../../staff/guard.ts';

/** An audit entry of a guarded school route: the path's school, the signed-in person, their address, `now()`. */
export function requestAudit(now: () => Date) {
  return (request: FastifyRequest, action: string, more: Partial<Pick<AuditEntry, 'target' | 'before' | 'after'>> = {}): AuditEntry => ({
    action,
    school: (request.params as { code: string }).code,
    actor: staffOf(request).user,
    ip: request.ip,
    at: now(),
    ...more,
  });
}
