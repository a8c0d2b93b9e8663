import type { FastifyPluginAsync } from 'fastify';
import { CONSENT_PURPOSE_LABELS, type ConsentPurpose } from '@sthsm/contract/children';
import { z } from 'zod';
import {
  consentsEnding,
  unlinkedChildItems,
  contentWork,
  lastReviewSteps,
  pagesInReview,
  photosWithoutAlt,
  staffNames,
  unhandledSubmissions,
  type WorkItem,
} from '../../content/dashboard.ts';
import { breachClock } from '@sthsm/contract/breaches';
import { getBackupStatus } from '../../backup/status.ts';
import { breachesAwaitingReport } from '../../repositories/breaches.ts';
import { goLiveChecklist } from '../../content/go-live.ts';
import { ALL_ROLES, guard, staffOf } from '../../staff/guard.ts';
import { typed } from '../deps.ts';
import { openRequestCounts } from '../../repositories/rights-requests.ts';
import type { AdminDeps } from './index.ts';
import { codeParams, errors, role } from './schemas.ts';

// The staff dashboard (issue 30 item 7; docs/decisions/0126): what needs someone in this school,
// for the signed-in person's role. Editors and administrators get everything waiting for review
// (Approve and Send back are the content API's publish and return); everyone gets what goes live
// next, their own drafts and what happened to what they submitted. Alumni submissions and the last
// backup are administrators'; photos without alt text and consent ending soon are editors'. A
// section someone may not see is null, never an empty list that looks like "nothing to do".

/** Lines per section (the totals say how many there are in all). */
export const DASHBOARD_LIMIT = 10;
/** Items waiting for review shown: the queue is the work itself, so more of it. */
export const REVIEW_LIMIT = 25;
/** "Recently reviewed": approvals and returns of one's own items in these last days. */
export const REVIEWED_DAYS = 30;
/** "Consent ending soon": current consents that end within these days. */
export const CONSENT_DAYS = 30;

const DAY_MS = 86_400_000;

const workItem = z.object({
  type: z.string().describe("A content type (news, events, …), or 'pages' for an information page (id: its slug)"),
  id: z.string(),
  label: z.string().describe('The kind of item in words: "news item", "information page"'),
  title: z.string().describe('Its title, name or the start of its text, without markup'),
  version: z.number().int().describe('Send it back with Approve / Send back: a newer version is a conflict (409)'),
});
const person = z.object({ name: z.string(), email: z.string() }).nullable();

const dashboardAnswer = z.object({
  role,
  review: z
    .object({
      items: z.array(
        workItem.extend({
          submittedBy: person.describe('Who submitted it (null: unknown, e.g. imported)'),
          submittedAt: z.string().describe('UTC ISO 8601'),
        }),
      ),
      total: z.number().int(),
    })
    .describe('Items waiting for review, oldest first: all of them for editors, one’s own for contributors'),
  scheduled: z
    .object({ items: z.array(workItem.extend({ publishAt: z.string().describe('UTC ISO 8601') })), total: z.number().int() })
    .describe('Published items whose Publish at is still ahead, soonest first'),
  drafts: z
    .object({
      items: z.array(
        workItem.extend({ updatedAt: z.string(), reviewNote: z.string().nullable().describe('The note it was sent back with') }),
      ),
      total: z.number().int(),
    })
    .describe('The signed-in person’s own drafts, last saved first'),
  reviewed: z
    .array(
      workItem.extend({
        outcome: z.enum(['approved', 'returned']),
        by: person,
        at: z.string(),
        note: z.string().nullable().describe('What the reviewer asked for (sent back only)'),
      }),
    )
    .describe(`The person’s own items approved or sent back by someone else in the last ${REVIEWED_DAYS} days, newest first`),
  submissions: z
    .object({ unhandled: z.number().int(), newest: z.string().nullable() })
    .nullable()
    .describe('Alumni submissions not marked handled (administrators; null for others)'),
  requests: z
    .object({ open: z.number().int(), overdue: z.number().int() })
    .nullable()
    .describe('People’s requests about their data still open, and how many are past their due date (administrators; null for others)'),
  photosWithoutAlt: z
    .number()
    .int()
    .nullable()
    .describe('Library photos without alt text or the decorative mark (editors; null for contributors)'),
  consentEnding: z
    .object({
      days: z.number().int(),
      items: z.array(
        z.object({
          childId: z.string(),
          name: z.string(),
          class: z.string(),
          purpose: z.string(),
          purposeLabel: z.string(),
          endsOn: z.string().describe('YYYY-MM-DD, the last day covered'),
        }),
      ),
      total: z.number().int(),
    })
    .nullable()
    .describe(`Current consents ending within ${CONSENT_DAYS} days (editors; null for contributors)`),
  unlinked: z
    .object({ toppers: z.number().int(), birthdays: z.number().int() })
    .nullable()
    .describe(
      'Published toppers and birthdays naming a child without a link to its consent record, e.g. imported ones (editors; null for contributors)',
    ),
  backup: z
    .object({
      lastSuccess: z.object({ at: z.string(), archive: z.string(), sizeBytes: z.number() }).nullable(),
      lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
      failing: z.boolean().describe('The newest finished attempt failed'),
      running: z.object({ startedAt: z.string() }).nullable(),
      schedule: z
        .object({ at: z.string(), timeZone: z.string(), next: z.string(), keep: z.number().int() })
        .nullable()
        .describe('The daily backup (null: BACKUP_AT is off)'),
    })
    .nullable()
    .describe("The server's backups as api/src/backup/status.ts reports them (administrators; null for others)"),
  breaches: z
    .array(
      z.object({
        id: z.string(),
        awareAt: z.string().describe('UTC ISO'),
        dueAt: z.string().describe('UTC ISO: aware at + 72 hours'),
        overdue: z.boolean(),
        clock: z.string().describe('"Report to the Data Protection Board due by … — 41 hours left" (the school\u2019s time zone)'),
      }),
    )
    .nullable()
    .describe('Open breaches whose 72-hour report to the Board is not marked sent, soonest due first (administrators; null for others)'),
  goLive: z
    .object({
      done: z.boolean().describe('Every line done: the dashboard stops showing the checklist'),
      items: z.array(
        z.object({
          key: z.enum(['name', 'crest', 'colours', 'contact', 'principal', 'affiliation', 'pages', 'privacy', 'host', 'email', 'backups']),
          done: z.boolean(),
          pages: z.array(z.string()).optional().describe('The information pages not published yet (slugs; the "pages" line)'),
        }),
      ),
    })
    .nullable()
    .describe(
      'Before you go live (docs/decisions/0135): every line for administrators, the information pages for editors, null for contributors',
    ),
});

const line = (w: WorkItem) => ({ type: w.type, id: w.id, label: w.label, title: w.title, version: w.version });

export const dashboardRoutes: FastifyPluginAsync<AdminDeps> = async (app, deps) => {
  const { db, config, now } = deps;
  const anyStaff = guard(deps, { kind: 'school', roles: ALL_ROLES });

  typed(app).get(
    '/:code/dashboard',
    {
      onRequest: anyStaff,
      schema: {
        summary: 'What needs someone in this school, for the signed-in person’s role (the staff dashboard)',
        tags: ['admin: dashboard'],
        params: codeParams,
        response: { 200: dashboardAnswer, ...errors },
      },
    },
    async (request) => {
      const code = request.params.code;
      const context = staffOf(request);
      const me = context.user.id;
      const staffRole = context.role ?? 'contributor';
      const editor = staffRole === 'admin' || staffRole === 'editor';
      const admin = staffRole === 'admin';
      const at = now();

      // Waiting for review: every item for editors; a contributor's own (what they wait on).
      const inReview = await contentWork(db, code, { status: 'review', ...(editor ? {} : { createdBy: me }) }, at, REVIEW_LIMIT);
      const pages = await pagesInReview(db, code);
      const steps = await lastReviewSteps(db, code, [...inReview.items, ...pages]);
      const creators = await staffNames(
        db,
        inReview.items.flatMap((w) => (w.createdBy ? [w.createdBy] : [])),
      );
      const waiting = [...inReview.items, ...pages]
        .map((w) => {
          const step = steps.get(`${w.type}/${w.id}`);
          const bySubmit = step && (step.action === 'submitted' || step.action === 'created');
          const creator = w.createdBy ? creators.get(w.createdBy) : undefined;
          const submittedBy = bySubmit
            ? { name: step.savedByName ?? step.savedByEmail ?? '', email: step.savedByEmail ?? '' }
            : (creator ?? null);
          return {
            ...w,
            submittedBy,
            submittedById: bySubmit ? step.savedBy : w.createdBy,
            submittedAt: bySubmit ? step.savedAt : w.updatedAt,
          };
        })
        // A contributor's own pages only: pages have no author, so the one who submitted them.
        .filter((w) => editor || w.type !== 'pages' || w.submittedById === me)
        .toSorted((a, b) => a.submittedAt.localeCompare(b.submittedAt));
      const pagesShown = waiting.filter((w) => w.type === 'pages').length;

      const scheduled = await contentWork(db, code, { status: 'scheduled' }, at, DASHBOARD_LIMIT);
      const drafts = await contentWork(db, code, { status: 'draft', createdBy: me }, at, DASHBOARD_LIMIT);

      // Approved or sent back: the newest review step of one's own recent items, when someone else took it.
      const since = new Date(at.getTime() - REVIEWED_DAYS * DAY_MS).toISOString();
      const mine = await contentWork(db, code, { status: 'any', createdBy: me, updatedSince: since }, at, 50);
      const mySteps = await lastReviewSteps(db, code, mine.items);
      const reviewed = mine.items
        .flatMap((w) => {
          const step = mySteps.get(`${w.type}/${w.id}`);
          if (!step || (step.action !== 'published' && step.action !== 'returned')) return [];
          if (step.savedBy === me || step.savedAt < since) return [];
          const returned = step.action === 'returned';
          return [
            {
              ...line(w),
              outcome: returned ? ('returned' as const) : ('approved' as const),
              by: step.savedBy ? { name: step.savedByName ?? step.savedByEmail ?? '', email: step.savedByEmail ?? '' } : null,
              at: step.savedAt,
              // The item keeps the note until it is submitted again.
              note: returned ? w.reviewNote : null,
            },
          ];
        })
        .toSorted((a, b) => b.at.localeCompare(a.at))
        .slice(0, DASHBOARD_LIMIT);

      const backup = admin ? await getBackupStatus(db, config, at) : null;
      const goLive = async () => {
        if (!editor) return null;
        const items = await goLiveChecklist(db, config, code, admin ? 'all' : 'pages');
        return { done: items.every((i) => i.done), items };
      };
      const ending = editor ? await consentsEnding(db, code, at, new Date(at.getTime() + CONSENT_DAYS * DAY_MS), DASHBOARD_LIMIT) : null;

      return {
        role: staffRole,
        review: {
          items: waiting.slice(0, REVIEW_LIMIT).map((w) => ({ ...line(w), submittedBy: w.submittedBy, submittedAt: w.submittedAt })),
          total: inReview.total + pagesShown,
        },
        scheduled: {
          items: scheduled.items
            .toSorted((a, b) => String(a.publishAt).localeCompare(String(b.publishAt)))
            .slice(0, DASHBOARD_LIMIT)
            .map((w) => ({ ...line(w), publishAt: w.publishAt ?? '' })),
          total: scheduled.total,
        },
        drafts: {
          items: drafts.items
            .toSorted((a, b) => b.updatedAt.localeCompare(a.updatedAt))
            .slice(0, DASHBOARD_LIMIT)
            .map((w) => ({ ...line(w), updatedAt: w.updatedAt, reviewNote: w.reviewNote })),
          total: drafts.total,
        },
        reviewed,
        submissions: admin ? await unhandledSubmissions(db, code) : null,
        requests: admin ? await openRequestCounts(db, code, now()) : null,
        photosWithoutAlt: editor ? await photosWithoutAlt(db, code) : null,
        consentEnding: ending
          ? {
              days: CONSENT_DAYS,
              total: ending.total,
              items: ending.items.map((c) => ({
                ...c,
                purposeLabel: CONSENT_PURPOSE_LABELS[c.purpose as ConsentPurpose] ?? c.purpose,
              })),
            }
          : null,
        unlinked: editor ? await unlinkedChildItems(db, code) : null,
        backup,
        breaches: admin
          ? (await breachesAwaitingReport(db, code)).map((b) => {
              const clock = breachClock(b.aware_at, b.board_report_at, at, config.timeZone);
              return { id: b.id, awareAt: b.aware_at, dueAt: clock.dueAt, overdue: clock.state === 'overdue', clock: clock.text };
            })
          : null,
        goLive: await goLive(),
      };
    },
  );
};
