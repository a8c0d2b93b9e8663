import { allSiteImages, siteDocuments, siteImages, type SiteImage } from '../media-catalog.ts';
import type { PhotoKind } from './images.ts';
import type { MediaRegistry } from './media.ts';
import type { PdfSection } from './pdfs.ts';
import { exifDateTime, utcDate } from './dates.ts';

// The path-form files of the catalogue: facility and page photos, the trophy and the syllabus.

const SCHOOL = 'St. Thomas Higher Secondary School, Mahimnagar';
/** Page photos are dated to a fixed day so their bytes never change. */
const PAGE_PHOTO_DATE = utcDate(2024, 7, 15);

function kindOf(image: SiteImage): PhotoKind {
  if (siteImages.patrons.some((p) => p.path === image.path)) return 'portrait';
  if (image.path.includes('/facility-') || image.path.includes('/activity-') || image.path.includes('/house-') || image.path.includes('/erp-')) return 'tile';
  return 'scene';
}

export function registerSiteFiles(media: MediaRegistry): void {
  allSiteImages().forEach((image, i) => {
    if (image.path.endsWith('.png')) {
      media.pathFile(image.path, { kind: 'png', size: image.width });
      return;
    }
    media.pathFile(image.path, {
      kind: 'photo',
      spec: {
        width: image.width,
        height: image.height,
        title: image.alt,
        subtitle: SCHOOL,
        seed: image.path,
        takenAt: exifDateTime(PAGE_PHOTO_DATE, 8 + (i % 8), (i * 7) % 60),
        description: `${image.alt} (${SCHOOL}, demo photo)`,
        kind: kindOf(image),
      },
    });
  });
  const { nurseryLkg, primary, senior } = siteDocuments.syllabus;
  media.pathFile(nurseryLkg.path, syllabus(nurseryLkg.title, NURSERY));
  media.pathFile(primary.path, syllabus(primary.title, PRIMARY));
  media.pathFile(senior.path, syllabus(senior.title, SENIOR));
}

function syllabus(title: string, sections: PdfSection[]) {
  return {
    kind: 'pdf' as const,
    spec: { title, subtitle: SCHOOL, date: PAGE_PHOTO_DATE, sections, pagePerSection: true, footer: `${SCHOOL} (demo syllabus)` },
  };
}

const NURSERY: PdfSection[] = [
  { heading: 'Nursery', lines: ['English: rhymes, picture talk, letter sounds a to z, pattern writing', 'Number work: counting 1 to 20, shapes, big and small', 'Environmental awareness: my body, my family, fruits and vegetables', 'Art and craft: colouring, paper tearing, clay', 'Music and movement, free play'] },
  { heading: 'LKG', lines: ['English: phonics, two- and three-letter words, capital and small letters', 'Hindi: swar and vyanjan recognition', 'Number work: numbers 1 to 50, before and after, simple addition with objects', 'General awareness: seasons, transport, community helpers', 'Art and craft, rhymes and stories, physical education'] },
  { heading: 'Assessment', lines: ['No written examinations: continuous observation through activities', 'Progress reports in September and March', 'Parent-teacher meetings each term'] },
];

const PRIMARY: PdfSection[] = [
  { heading: 'Classes I and II', lines: ['English language and literature (reader and workbook)', 'Hindi', 'Mathematics: numbers to 1000, addition, subtraction, tables', 'Environmental studies', 'Computer awareness', 'Art, music, dance and physical education', 'Value education'] },
  { heading: 'Classes III and IV', lines: ['English language and literature', 'Hindi', 'Mathematics: multiplication, division, fractions, measurement', 'Science', 'Social studies', 'Computer studies', 'General knowledge', 'Art and craft, music, physical education, value education'] },
  { heading: 'Assessment', lines: ['Two unit tests, a half-yearly and an annual examination', 'Project work and oral assessment in every subject'] },
];

const SENIOR: PdfSection[] = [
  { heading: 'Classes V to VIII', lines: ['English language and literature', 'Hindi (second language), Sanskrit or French (third language, VI to VIII)', 'Mathematics', 'Physics, Chemistry and Biology (from VI)', 'History and Civics, Geography', 'Computer studies', 'Art, music, physical education, value education'] },
  { heading: 'Classes IX and X (ICSE)', lines: ['Group I: English, Hindi, History & Civics, Geography', 'Group II: Mathematics, Physics, Chemistry, Biology', 'Group III: Computer Applications or Physical Education or Art', 'Socially useful productive work and community service'] },
  { heading: 'Classes XI and XII (ISC)', lines: ['Compulsory: English', 'Science (PCM): Physics, Chemistry, Mathematics, Computer Science or Physical Education', 'Science (PCB): Physics, Chemistry, Biology, Mathematics or Physical Education', 'Commerce: Accounts, Commerce, Economics, Mathematics or Business Studies', 'Humanities: History, Political Science, Economics, Sociology or Psychology'] },
];
