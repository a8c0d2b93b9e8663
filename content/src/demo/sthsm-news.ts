import type { Highlight, NewsItem } from '@sthsm/contract';
import { sthsmCatalogue } from '../media-catalog.ts';
import { circular, photo, type SchoolContext } from './context.ts';
import { iso, sessionStartYear, utcDate } from './dates.ts';
import { stableId } from './random.ts';
import type { DemoTranslation } from '../types.ts';

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
  /** The notice in Hindi, as the office wrote it for the Hindi site (issue 35); others stay English only. */
  hindi?: { title: (s: number) => string; description: (s: number) => string };
}

const session = (s: number) => `${s}-${String(s + 1).slice(2)}`;

const TEMPLATES: NewsTemplate[] = [
  {
    slug: 'session-begins',
    hindi: {
      title: (s) => `शैक्षणिक सत्र ${session(s)} का आरंभ`,
      description: (s) =>
        `सत्र ${session(s)} की कक्षाएँ 2 अप्रैल से आरंभ होंगी। पुस्तकें और गणवेश विद्यालय की दुकान पर सुबह 8:00 बजे से दोपहर 1:00 बजे तक उपलब्ध हैं।`,
    },
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
    hindi: {
      title: (s) => `15 मई ${s} से ग्रीष्मावकाश`,
      description: () => 'ग्रीष्मावकाश के कारण विद्यालय मई के मध्य से जून के अंत तक बंद रहेगा। छुट्टियों का गृहकार्य अभिभावक पोर्टल पर उपलब्ध है।',
    },
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
    hindi: {
      title: () => 'कक्षा I से XII के लिए अभिभावक-शिक्षक बैठक',
      description: () => 'सत्र की पहली अभिभावक-शिक्षक बैठक शनिवार को है। अभिभावक सुबह 8:00 बजे से दोपहर 12:00 बजे तक कक्षा-अध्यापक से मिल सकते हैं।',
    },
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
    hindi: {
      title: () => '1 नवंबर से शीतकालीन समय',
      description: () =>
        '1 नवंबर से कक्षा IV से XII की कक्षाएँ सुबह 8:20 से दोपहर 2:30 बजे तक, और केजी तथा नर्सरी की कक्षाएँ सुबह 8:20 से दोपहर 1:30 बजे तक चलेंगी।',
    },
    month: 10,
    day: 25,
    title: () => 'Winter timings from 1 November',
    description: () => 'From 1 November classes IV to XII will be from 8:20 AM to 2:30 PM, and KG and Nursery from 8:20 AM to 1:30 PM.',
  },
  {
    slug: 'sports-day-invite',
    hindi: {
      title: (s) => `वार्षिक खेल दिवस ${s}: अभिभावक आमंत्रित`,
      description: () => 'मुख्य मैदान पर होने वाले वार्षिक खेल दिवस में अभिभावक सादर आमंत्रित हैं। मार्च पास्ट ठीक सुबह 8:00 बजे आरंभ होगा।',
    },
    month: 11,
    day: 28,
    title: (s) => `Annual Sports Day ${s}: parents invited`,
    description: () => 'Parents are invited to the Annual Sports Day on the main ground. The march past begins at 8:00 AM sharp.',
    attachment: 'photo',
  },
  {
    slug: 'winter-break',
    hindi: {
      title: (s) => `क्रिसमस समारोह और शीतकालीन अवकाश ${s}`,
      description: () => 'विद्यालय 21 दिसंबर को क्रिसमस मनाएगा और शीतकालीन अवकाश के लिए 1 जनवरी तक बंद रहेगा।',
    },
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
    hindi: {
      title: (s) => `ICSE और ISC परीक्षाएँ ${s + 1}: निर्देश`,
      description: () => 'परीक्षार्थी अपने प्रवेश-पत्र के साथ सुबह 10:30 बजे तक परीक्षा कक्ष में पहुँच जाएँ। मोबाइल फ़ोन लाने की अनुमति नहीं है।',
    },
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
  /** The notices and announcements the office translated into Hindi (published). */
  translations: DemoTranslation[];
  /** Photos attached to news, for the hidden "NewsPhotos" album. */
  photos: string[];
}

export function buildNews(ctx: SchoolContext): NewsResult {
  const current = sessionStartYear(ctx.today);
  const news: NewsItem[] = [];
  const photos: string[] = [];
  const translations: DemoTranslation[] = [];
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
      const id = stableId(`${ctx.code}:news:${key}`);
      if (t.hindi)
        translations.push({ type: 'news', id, locale: 'hi', fields: { title: t.hindi.title(s), description: t.hindi.description(s) } });
      news.push({
        _id: id,
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
  const highlights = buildHighlights(ctx, news, translations);
  return { news, highlights, photos, translations };
}

/** The announcements strip: the newest notices with files, and three standing lines; in Hindi where the office wrote it. */
function buildHighlights(ctx: SchoolContext, news: NewsItem[], translations: DemoTranslation[]): Highlight[] {
  const withFiles = news.filter((n) => n.attachments.length > 0).slice(0, 5);
  const hindiTitle = (id: string) => translations.find((t) => t.type === 'news' && t.id === id)?.fields.title;
  const lines: Array<{ description: string; attachments: string[]; hindi?: string | undefined }> = [
    ...withFiles.map((n) => ({ description: n.title, attachments: n.attachments.slice(0, 1), hindi: hindiTitle(n._id) })),
    {
      description: 'Syllabus for Classes V to XII for the current session',
      attachments: [sthsmCatalogue.syllabus.senior.path],
      hindi: 'वर्तमान सत्र के लिए कक्षा V से XII का पाठ्यक्रम',
    },
    {
      description: 'Fees can be paid online through the parent portal and the mobile app',
      attachments: [],
      hindi: 'शुल्क का भुगतान अभिभावक पोर्टल और मोबाइल ऐप से ऑनलाइन किया जा सकता है',
    },
    {
      description: 'The school office is open from 7:10 AM to 2:00 PM on working days',
      attachments: [],
      hindi: 'विद्यालय का कार्यालय कार्य-दिवसों पर सुबह 7:10 बजे से दोपहर 2:00 बजे तक खुला रहता है',
    },
  ];
  return lines.map(({ hindi, ...line }, i) => {
    const id = stableId(`${ctx.code}:highlight:${i}`);
    if (hindi) translations.push({ type: 'announcements', id, locale: 'hi', fields: { description: hindi } });
    return { _id: id, ...line };
  });
}
