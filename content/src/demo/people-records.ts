import type { Birthday, PrincipalMessage, SchoolNotification, Topper, TopperClass } from '@sthsm/contract';
import { photo, type SchoolContext } from './context.ts';
import { addDays, iso, monthDay } from './dates.ts';
import { classSection, distinctNames } from './people.ts';
import { stableId } from './random.ts';

// Toppers, birthdays, notifications and the principal's message: the records about people.

const PORTRAIT: readonly [number, number] = [400, 500];

export const XII_STREAMS = ['Science (PCM)', 'Science (PCB)', 'Commerce', 'Humanities'] as const;

export interface TopperPlan {
  /** Session start years, e.g. [2021, 2022] for "2021-2022" and "2022-2023". */
  sessions: number[];
  x: number;
  xii: readonly string[];
  photoShare: number;
}

function division(ctx: SchoolContext, top: number, rank: number): string {
  const value = top - rank * (0.4 + ctx.random.next() * 0.8);
  return `${value.toFixed(1)}%`;
}

export function buildToppers(ctx: SchoolContext, plan: TopperPlan): Topper[] {
  const toppers: Topper[] = [];
  const taken = new Set<string>();
  for (const start of plan.sessions) {
    const sessionYear = `${start}-${start + 1}`;
    const rows: Array<{ cls: TopperClass; stream: string; rank: number }> = [
      ...Array.from({ length: plan.x }, (_, rank) => ({ cls: 'X' as const, stream: 'ICSE', rank })),
      ...plan.xii.map((stream, rank) => ({ cls: 'XII' as const, stream, rank })),
    ];
    const names = distinctNames(ctx.random, rows.length, taken);
    const tops = { X: 97.2 + ctx.random.next() * 1.6, XII: 95.4 + ctx.random.next() * 2.4 };
    rows.forEach((row, i) => {
      const name = names[i] ?? 'Student';
      const top = tops[row.cls];
      const key = `topper-${sessionYear}-${row.cls}-${i}`;
      toppers.push({
        _id: stableId(`${ctx.code}:${key}`),
        name,
        class: row.cls,
        division: division(ctx, top, row.rank),
        stream: row.stream,
        sessionYear,
        attachments: ctx.random.chance(plan.photoShare)
          ? [
              photo(ctx, {
                key,
                title: name,
                subtitle: `Class ${row.cls} · ${sessionYear}`,
                date: new Date(Date.UTC(start + 1, 4, 10)),
                hour: 11,
                index: i,
                kind: 'portrait',
                size: PORTRAIT,
              }),
            ]
          : [],
      });
    });
  }
  return toppers;
}

export type SeedBirthday = Birthday & { monthDay: string };

export function buildBirthdays(ctx: SchoolContext, todayCount: number, restCount: number): SeedBirthday[] {
  const names = distinctNames(ctx.random, todayCount + restCount);
  return names.map((name, i) => {
    // The first ones fall on today; the rest spread over the year.
    const day = i < todayCount ? ctx.today : addDays(ctx.today, Math.round(((i - todayCount + 1) * 365) / (restCount + 1)));
    const cls = classSection(ctx.random);
    const key = `birthday-${i}`;
    return {
      _id: stableId(`${ctx.code}:${key}`),
      name,
      class: cls,
      monthDay: monthDay(day),
      attachments:
        i % 5 === 3
          ? []
          : [
              photo(ctx, {
                key,
                title: name,
                subtitle: `Class ${cls}`,
                date: addDays(ctx.today, -300),
                hour: 9,
                index: i,
                kind: 'portrait',
                size: PORTRAIT,
              }),
            ],
    };
  });
}

export type SeedNotification = SchoolNotification & { activeFrom: string; activeUntil: string };

export interface NotificationPlan {
  key: string;
  title: string;
  description: string;
  url: string;
  /** Days from today: the window is [today + from, today + until]. */
  from: number;
  until: number;
  attachment: string;
}

export function buildNotification(ctx: SchoolContext, plan: NotificationPlan): SeedNotification {
  const from = addDays(ctx.today, plan.from);
  const until = addDays(ctx.today, plan.until);
  return {
    _id: stableId(`${ctx.code}:notification:${plan.key}`),
    title: plan.title,
    description: plan.description,
    image: [
      photo(ctx, {
        key: `notification-${plan.key}`,
        title: plan.title,
        subtitle: ctx.schoolName,
        date: from,
        hour: 9,
        index: 1,
        kind: 'tile',
        size: [1200, 800],
      }),
    ],
    attachments: [plan.attachment],
    url: plan.url,
    activeFrom: iso(from),
    // The whole last day counts.
    activeUntil: iso(new Date(until.getTime() + 86_399_999)),
  };
}

/** A principal's letter as the editor stores it: the first paragraph, the points, the rest, and the signature. */
export function principalLetterHtml(paragraphs: string[], points: string[], name: string, title: string): string {
  const [first = '', ...rest] = paragraphs;
  return [
    `<p>${first}</p>`,
    `<ul>${points.map((p) => `<li>${p}</li>`).join('')}</ul>`,
    ...rest.map((p) => `<p>${p}</p>`),
    `<p><strong>${name}</strong><br>${title}</p>`,
  ].join('\n');
}

export function buildPrincipalMessage(ctx: SchoolContext, name: string, paragraphs: string[], points: string[]): PrincipalMessage {
  const html = principalLetterHtml(paragraphs, points, name, 'Principal');
  return {
    _id: stableId(`${ctx.code}:principal-message`),
    message: html,
    attachments: [
      photo(ctx, {
        key: 'principal-portrait',
        title: name,
        subtitle: 'Principal',
        date: addDays(ctx.today, -400),
        hour: 10,
        index: 1,
        kind: 'portrait',
        size: [600, 750],
      }),
    ],
  };
}
