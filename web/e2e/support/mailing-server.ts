import { expect, test } from '@playwright/test';
import { startSmtp, type CaughtMail } from '../../../api/test/staff/smtp.ts';
import { ownServerPort, startOwnServer, type OwnServer } from './own-server';

// A server of a spec's own that sends its e-mail to an SMTP server in the test process (the shared
// server cannot mail: it has no SMTP_URL), for the specs that follow a link from an e-mail:
// subscribing, a guardian's consent, a request about personal data. Called at the top of a spec
// file or inside a `test.describe`, its tests then run in order against that server.

export interface MailingServer {
  /** The running server (its data directory, for a spec that reads its database). */
  server(): OwnServer;
  /** Every e-mail the server sent so far, quoted-printable undone. */
  mails(): CaughtMail[];
  /** The path matched by `pattern`'s first group in the newest e-mail to `to` that has one; waits for it. */
  linkIn(to: string, pattern: RegExp): Promise<string>;
}

export function onOwnServerThatMails({ offset, name }: { offset: number; name: string }): MailingServer {
  let server: OwnServer | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  test.describe.configure({ mode: 'default' });
  test.use({ baseURL: `http://127.0.0.1:${ownServerPort(offset)}` });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    smtp = await startSmtp();
    server = await startOwnServer({
      offset,
      name,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'School website <office@school.example.org>', SUBSCRIBE_RATE_LIMIT_PER_MINUTE: '1000' },
    });
  });
  test.afterAll(async () => {
    server?.stop();
    await smtp?.close();
  });
  const mails = () => smtp?.mails ?? [];
  return {
    server: () => {
      if (!server) throw new Error(`the ${name} server has not started`);
      return server;
    },
    mails,
    async linkIn(to, pattern) {
      const found = () => mails().filter((m) => m.to.includes(to) && pattern.test(m.text));
      await expect.poll(() => found().length, { timeout: 15_000 }).toBeGreaterThan(0);
      return pattern.exec(found().at(-1)!.text)![1]!;
    },
  };
}
