import type { Db } from '../../src/db/index.ts';
import { notifiers } from '../../src/notify/job.ts';
import { NOW, startTestApp, type TestApp, type TestAppOptions } from '../helpers.ts';
import { startSmtp } from '../staff/smtp.ts';
import { startPushService, type PushService } from '../support/push-service.ts';

// What the notification tests share: an app whose push sender may reach the local push service on
// loopback (and trusts its certificate) and whose mail goes to a local SMTP server, a send job that
// only runs when a test ticks it, and confirmed subscribers put straight into the table.

export const loopback = (address: string) => address === '127.0.0.1';

export interface NotifyRig {
  t: TestApp;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  push: PushService;
  /** One round of this app's send job. */
  tick: () => Promise<void> | undefined;
  close: () => Promise<void>;
}

export async function startNotifyRig(
  env: Record<string, string> = {},
  now: () => Date = () => NOW,
  options: Omit<TestAppOptions, 'pushAddresses' | 'pushCa'> = {},
): Promise<NotifyRig> {
  const smtp = await startSmtp();
  const push = await startPushService();
  const t = await startTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'St Example <office@school.example>',
      SITE_URL: 'https://www.school.example',
      // The timer never fires in a test: rounds run when the test ticks.
      NOTIFY_TICK_MS: '3600000',
      SUBSCRIBE_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    now,
    { ...options, pushAddresses: loopback, pushCa: push.ca },
  );
  return {
    t,
    smtp,
    push,
    tick: () => notifiers.get(t.app)?.tick(),
    close: async () => {
      await t.close();
      await smtp.close();
      await push.close();
    },
  };
}

/** A confirmed e-mail subscriber, as the confirmation link leaves one (the flow itself: notify.test.ts). */
export function emailSubscriber(o: {
  id: string;
  email: string;
  frequency: 'instant' | 'daily' | 'weekly';
  topics?: string[];
  school?: string;
  at: Date;
}) {
  const at = o.at.toISOString();
  return {
    id: o.id,
    school_code: o.school ?? 'STHSM',
    channel: 'email' as const,
    email: o.email,
    topics: JSON.stringify(o.topics ?? ['news']),
    frequency: o.frequency,
    status: 'active' as const,
    consent_at: at,
    consent_how: 'email-link' as const,
    created_at: at,
    digest_until: at,
  };
}

export async function insertEmailSubscribers(db: Db, rows: ReadonlyArray<ReturnType<typeof emailSubscriber>>): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values([...rows])
    .execute();
}
