import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.ts';
import type { Mailer } from '../../staff/mail.ts';
import { accessOf, type Access } from '../../staff/guard.ts';
import { accountRoutes } from './account.ts';
import { alertRoutes } from './alerts.ts';
import { auditRoutes } from './audit.ts';
import { breachRoutes } from './breaches.ts';
import { childRoutes } from './children.ts';
import { childrenSettingsRoutes } from './children-settings.ts';
import { contentRoutes } from './content.ts';
import { translationRoutes } from './translations.ts';
import { dashboardRoutes } from './dashboard.ts';
import { importRoutes } from './import.ts';
import { mediaRoutes } from './media.ts';
import { pageRoutes } from './pages.ts';
import { onboardingRoutes } from './onboarding.ts';
import { sessionRoutes } from './session.ts';
import { schoolsRoutes } from './schools.ts';
import { settingsRoutes } from './settings.ts';
import { staffRoutes } from './staff.ts';
import { submissionRoutes } from './submissions.ts';
import { requestRoutes } from './requests.ts';
import { wordRoutes } from './words.ts';

export interface AdminDeps extends Deps {
  mailer: Mailer;
  /** Which addresses an administrator's import may read from (app.ts BuildOptions); public ones by default. */
  importAddresses?: (address: string) => boolean;
}

/** Every /api/admin route as registered (`METHOD /url`) with its guard's rule (null: unguarded), for tests that must cover them all. */
export const registeredAdminRoutes = new Map<string, Access | null>();

/**
 * The staff API under /api/admin (STAFF.md). Every route's onRequest hook is `guard(…)`
 * (api/src/staff/guard.ts): session, origin and CSRF token, school membership and role.
 * Answers are never cached (Cache-Control: no-store; api/src/cache.ts skips /api/admin).
 */
export const adminRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat();
    const access = hooks.map((hook) => accessOf.get(hook)).find((a) => a !== undefined) ?? null;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredAdminRoutes.set(`${method} ${route.url}`, access);
    }
  });
  // Only the dependencies: this plugin's own options (its prefix) must not reach the children.
  const { db, config, now, mailer, importAddresses } = deps;
  for (const routes of [
    sessionRoutes,
    onboardingRoutes,
    schoolsRoutes,
    accountRoutes,
    staffRoutes,
    auditRoutes,
    submissionRoutes,
    requestRoutes,
    breachRoutes,
    childRoutes,
    childrenSettingsRoutes,
    contentRoutes,
    translationRoutes,
    dashboardRoutes,
    pageRoutes,
    settingsRoutes,
    wordRoutes,
    mediaRoutes,
    importRoutes,
    alertRoutes,
  ]) {
    await app.register(routes, { db, config, now, mailer, ...(importAddresses ? { importAddresses } : {}) });
  }
};
