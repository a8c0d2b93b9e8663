import type { Highlight, NewsItem } from '@sthsm/contract';
import { sthsmCatalogue } from '../media-catalog.ts';
import { circular, photo, type SchoolContext } from './context.ts';
import { iso, sessionStartYear, utcDate } from './dates.ts';
import { stableId } from './random.ts';

// STHSM's news: the circulars and announcements of a school year, for the current session and
// the three before it, plus a few undated notices.

interface NewsTemplate {
  slug: string;
  /** Month and day; months 1–3 fall in the second calendar year of the session. */
  month: number;
  day: number;
  title: (s: number) => string;
  description: (s: number) => string;
  attachment?: 'circular' | 'photo';
  circularLines?: (s: number) => string[];
}

const session = (s: number) => `${s}-${String(s + 1).slice(2)}`;

const TEMPLATES: NewsTemplate[] = [
  {
    slug: 'session-begins',
    month: 4,
    day: 2,
    title: (s) => `Academic session ${session(s)} begins`,
    description: (s) =>
      `Classes for the session ${session(s)} begin on 2 April. Books and uniform are available at the school store from 8:00 AM to 1:00 PM.`,
  },
  {
    slug: 'results',
    month: 5,
    day: 8,
    title: (s) => `ICSE and ISC ${s} results: 100% pass`,
    description: (s) =>
      `All our candidates passed the ICSE and ISC examinations of ${s}. Congratulations to the students, their parents and teachers. The toppers are on the Toppers pages.`,
    attachment: 'photo',
  },
  {
    slug: 'summer-vacation',
    month: 5,
    day: 12,
    title: (s) => `Summer vacation from 15 May ${s}`,
    description: () =>
      'The school remains closed for the summer vacation from mid May to the end of June. Holiday homework is on the parent portal.',
    attachment: 'circular',
    circularLines: (s) => [
      `The summer vacation is from 15 May to 30 June ${s}.`,
      'The school reopens on 1 July with summer timings.',
      'The office stays open from 8:00 AM to 12:00 PM on weekdays.',
    ],
  },
  {
    slug: 'ptm-first',
    month: 7,
    day: 20,
    title: () => 'Parent-Teacher Meeting for Classes I to XII',
    description: () =>
      'The first parent-teacher meeting of the session is on Saturday. Parents may meet the class teacher from 8:00 AM to 12:00 PM.',
    attachment: 'circular',
    circularLines: () => [
      'The PTM is for Classes I to XII.',
      'Please collect the unit test answer sheets and sign the diary.',
      'Vehicles are to be parked outside the main gate.',
    ],
  },
  {
    slug: 'half-yearly-datesheet',
    month: 9,
    day: 10,
    title: (s) => `Half-yearly examination date sheet ${session(s)}`,
    description: () => 'The half-yearly examinations begin on 23 September. The date sheet and syllabus for each class are attached.',
    attachment: 'circular',
    circularLines: () => [
      '23 Sept: English I',
      '24 Sept: Mathematics',
      '26 Sept: Science / Physics',
      '27 Sept: Hindi',
      '30 Sept: Social Studies / History & Civics',
      '1 Oct: Computer Applications',
    ],
  },
  {
    slug: 'winter-timings',
    month: 10,
    day: 25,
    title: () => 'Winter timings from 1 November',
    description: () => 'From 1 November classes IV to XII will be from 8:20 AM to 2:30 PM, and KG and Nursery from 8:20 AM to 1:30 PM.',
  },
  {
    slug: 'sports-day-invite',
    month: 11,
    day: 28,
    title: (s) => `Annual Sports Day ${s}: parents invited`,
    description: () => 'Parents are invited to the Annual Sports Day on the main ground. The march past begins at 8:00 AM sharp.',
    attachment: 'photo',
  },
  {
    slug: 'winter-break',
    month: 12,
    day: 18,
    title: (s) => `Christmas celebration and winter break ${s}`,
    description: () => 'The school will celebrate Christmas on 21 December and close for the winter break until 1 January.',
    attachment: 'circular',
    circularLines: () => ['Winter break: 22 December to 1 January.', 'Pre-board examinations for Classes X and XII start on 2 January.'],
  },
  {
    slug: 'nursery-admissions',
    month: 1,
    day: 10,
    title: (s) => `Nursery admissions ${session(s + 1)}: registration open`,
    description: () => 'Registration forms for Nursery are available at the office. The child must have completed 3 years by March.',
    attachment: 'circular',
    circularLines: (s) => [
      `Admission to Nursery for the session ${session(s + 1)}.`,
      'Forms are issued from 10 January to 10 February.',
      'Attach two attested copies of the birth certificate.',
      'Name and date of birth cannot be changed after admission.',
    ],
  },
  {
    slug: 'board-exams',
    month: 2,
    day: 12,
    title: (s) => `ICSE and ISC examinations ${s + 1}: instructions`,
    description: () => 'Candidates must reach the examination hall by 10:30 AM with their admit card. Mobile phones are not allowed.',
  },
  {
    slug: 'annual-results',
    month: 3,
    day: 26,
    title: (s) => `Annual results ${session(s)} and report card day`,
    description: () =>
      'Report cards for Classes I to IX and XI will be given to parents on 28 March. Fees must be cleared before the report card is issued.',
  },
];

const UNDATED: Array<{ slug: string; title: string; description: string }> = [
  {
    slug: 'prospectus',
    title: 'School prospectus available at the office',
    description: 'Copies of the prospectus are available at the school office during office hours.',
  },
  {
    slug: 'uniform',
    title: 'Uniform guidelines for all students',
    description:
      'Students must wear the full school uniform with the school tie and identity card every day except Wednesday (house uniform).',
  },
  {
    slug: 'transport',
    title: 'School bus routes and stops',
    description:
      'The route list for the school buses is available at the transport desk. Please inform the office of any change of address.',
  },
];

export interface NewsResult {
  news: NewsItem[];
  highlights: Highlight[];
  /** Photos attached to news, for the hidden "NewsPhotos" album. */
  photos: string[];
}

export function buildNews(ctx: SchoolContext): NewsResult {
  const current = sessionStartYear(ctx.today);
  const news: NewsItem[] = [];
  const photos: string[] = [];
  for (let s = current; s >= current - 3; s--) {
    for (const t of TEMPLATES) {
      const date = utcDate(t.month >= 4 ? s : s + 1, t.month, t.day);
      if (date.getTime() > ctx.today.getTime()) continue;
      const key = `${t.slug}-${s}`;
      const title = t.title(s);
      const attachments: string[] = [];
      if (t.attachment === 'circular') {
        attachments.push(circular(ctx, `news-${key}`, title, date, t.circularLines?.(s) ?? [t.description(s)]));
      } else if (t.attachment === 'photo') {
        const ref = photo(ctx, { key: `news-${key}`, title, date, hour: 10, index: 1, size: [1200, 800] });
        attachments.push(ref);
        photos.push(ref);
      }
      news.push({
        _id: stableId(`${ctx.code}:news:${key}`),
        date: iso(date),
        fromDate: iso(date),
        title,
        description: t.description(s),
        attachments,
      });
    }
  }
  for (const u of UNDATED) {
    news.push({
      _id: stableId(`${ctx.code}:news:${u.slug}`),
      date: null,
      fromDate: null,
      title: u.title,
      description: u.description,
      attachments: [],
    });
  }
  // Newest first, undated last (CONTRACT.md).
  news.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  return { news, highlights: buildHighlights(ctx, news), photos };
}

function buildHighlights(ctx: SchoolContext, news: NewsItem[]): Highlight[] {
  const withFiles = news.filter((n) => n.attachments.length > 0).slice(0, 5);
  const lines: Array<{ description: string; attachments: string[] }> = [
    ...withFiles.map((n) => ({ description: n.title, attachments: n.attachments.slice(0, 1) })),
    { description: 'Syllabus for Classes V to XII for the current session', attachments: [sthsmCatalogue.syllabus.senior.path] },
    { description: 'Fees can be paid online through the parent portal and the mobile app', attachments: [] },
    { description: 'The school office is open from 7:10 AM to 2:00 PM on working days', attachments: [] },
  ];
  return lines.map((line, i) => ({ _id: stableId(`${ctx.code}:highlight:${i}`), ...line }));
}
