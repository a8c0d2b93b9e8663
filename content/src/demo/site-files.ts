import { allSiteImages, type SiteCatalogue, type SiteImage } from '../media-catalog.ts';
import type { PhotoKind } from './images.ts';
import type { MediaRegistry } from './media.ts';
import type { PdfSection } from './pdfs.ts';
import { exifDateTime, utcDate } from './dates.ts';
import { houses } from '../pages/house.ts';

// The path-form files of a school's catalogue: facility and page photos and the syllabus, each
// printed with the school's name.

/** Page photos are dated to a fixed day so their bytes never change. */
const PAGE_PHOTO_DATE = utcDate(2024, 7, 15);

function kindOf(catalogue: SiteCatalogue, image: SiteImage): PhotoKind {
  if (catalogue.images.patrons.some((p) => p.path === image.path)) return 'portrait';
  if (
    image.path.includes('/facility-') ||
    image.path.includes('/activity-') ||
    image.path.includes('/house-') ||
    image.path.includes('/erp-')
  )
    return 'tile';
  return 'scene';
}

/** A house's picture is painted in the house's own colour (its swatch), from dark to light. */
function houseColours(image: SiteImage): readonly [string, string, string] | undefined {
  const house = houses.houses.find((h) => image.path.endsWith(`/house-${h.id}.jpg`));
  return house ? [mix(house.swatch, '#000000', 0.35), house.swatch, mix(house.swatch, '#ffffff', 0.7)] : undefined;
}

const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);

/** `a` moved towards `b` by `t` (0–1), both #rrggbb. */
function mix(a: string, b: string, t: number): string {
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(channel(a, i) + (channel(b, i) - channel(a, i)) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function registerSiteFiles(media: MediaRegistry, catalogue: SiteCatalogue): void {
  const school = catalogue.schoolName;
  allSiteImages(catalogue).forEach((image, i) => {
    media.pathFile(image.path, {
      kind: 'photo',
      spec: {
        width: image.width,
        height: image.height,
        title: image.alt,
        subtitle: school,
        seed: image.path,
        takenAt: exifDateTime(PAGE_PHOTO_DATE, 8 + (i % 8), (i * 7) % 60),
        description: `${image.alt} (${school}, demo photo)`,
        kind: kindOf(catalogue, image),
        colours: houseColours(image),
      },
    });
  });
  const { nurseryLkg, primary, senior } = catalogue.syllabus;
  media.pathFile(nurseryLkg.path, syllabus(school, nurseryLkg.title, NURSERY));
  media.pathFile(primary.path, syllabus(school, primary.title, PRIMARY));
  media.pathFile(senior.path, syllabus(school, senior.title, SENIOR));
}

function syllabus(school: string, title: string, sections: PdfSection[]) {
  return {
    kind: 'pdf' as const,
    spec: { title, subtitle: school, date: PAGE_PHOTO_DATE, sections, pagePerSection: true, footer: `${school} (demo syllabus)` },
  };
}

const NURSERY: PdfSection[] = [
  {
    heading: 'Nursery',
    lines: [
      'English: rhymes, picture talk, letter sounds a to z, pattern writing',
      'Number work: counting 1 to 20, shapes, big and small',
      'Environmental awareness: my body, my family, fruits and vegetables',
      'Art and craft: colouring, paper tearing, clay',
      'Music and movement, free play',
    ],
  },
  {
    heading: 'LKG',
    lines: [
      'English: phonics, two- and three-letter words, capital and small letters',
      'Hindi: swar and vyanjan recognition',
      'Number work: numbers 1 to 50, before and after, simple addition with objects',
      'General awareness: seasons, transport, community helpers',
      'Art and craft, rhymes and stories, physical education',
    ],
  },
  {
    heading: 'Assessment',
    lines: [
      'No written examinations: continuous observation through activities',
      'Progress reports in September and March',
      'Parent-teacher meetings each term',
    ],
  },
];

const PRIMARY: PdfSection[] = [
  {
    heading: 'Classes I and II',
    lines: [
      'English language and literature (reader and workbook)',
      'Hindi',
      'Mathematics: numbers to 1000, addition, subtraction, tables',
      'Environmental studies',
      'Computer awareness',
      'Art, music, dance and physical education',
      'Value education',
    ],
  },
  {
    heading: 'Classes III and IV',
    lines: [
      'English language and literature',
      'Hindi',
      'Mathematics: multiplication, division, fractions, measurement',
      'Science',
      'Social studies',
      'Computer studies',
      'General knowledge',
      'Art and craft, music, physical education, value education',
    ],
  },
  {
    heading: 'Assessment',
    lines: ['Two unit tests, a half-yearly and an annual examination', 'Project work and oral assessment in every subject'],
  },
];

const SENIOR: PdfSection[] = [
  {
    heading: 'Classes V to VIII',
    lines: [
      'English language and literature',
      'Hindi (second language), Sanskrit or French (third language, VI to VIII)',
      'Mathematics',
      'Physics, Chemistry and Biology (from VI)',
      'History and Civics, Geography',
      'Computer studies',
      'Art, music, physical education, value education',
    ],
  },
  {
    heading: 'Classes IX and X (ICSE)',
    lines: [
      'Group I: English, Hindi, History & Civics, Geography',
      'Group II: Mathematics, Physics, Chemistry, Biology',
      'Group III: Computer Applications or Physical Education or Art',
      'Socially useful productive work and community service',
    ],
  },
  {
    heading: 'Classes XI and XII (ISC)',
    lines: [
      'Compulsory: English',
      'Science (PCM): Physics, Chemistry, Mathematics, Computer Science or Physical Education',
      'Science (PCB): Physics, Chemistry, Biology, Mathematics or Physical Education',
      'Commerce: Accounts, Commerce, Economics, Mathematics or Business Studies',
      'Humanities: History, Political Science, Economics, Sociology or Psychology',
    ],
  },
];
