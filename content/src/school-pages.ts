import type { PageContents } from '@sthsm/contract/pages';
import type { DemoProfile } from './profile.ts';
import type { SiteCatalogue } from './media-catalog.ts';
import { aboutUs } from './pages/about-us.ts';
import { activities } from './pages/activities.ts';
import { admissionWithdrawal } from './pages/admission-withdrawal.ts';
import { clubsAssociation } from './pages/clubs-association.ts';
import { contactUs } from './pages/contact-us.ts';
import { erpSoftware } from './pages/erp-software.ts';
import { computerLab, laboratory, library } from './pages/facilities.ts';
import { houses } from './pages/house.ts';
import { parentPortal } from './pages/parent-portal.ts';
import { patrons } from './pages/patrons.ts';
import { primaryWing } from './pages/primary-wing.ts';
import { principalMessage } from './pages/principal-message.ts';
import { schoolInformation } from './pages/school-information.ts';
import { syllabus } from './pages/syllabus.ts';
import { timings } from './pages/timings.ts';

// Each demo school's page records: the page texts of content/src/pages (written for STHSM) with the
// pictures and documents of the school's own catalogue. The second school gets the same texts in
// its own name, so nothing of one school ever shows on the other's site.

type Texts = typeof TEXTS;
const TEXTS = {
  aboutUs,
  activities,
  admissionWithdrawal,
  clubsAssociation,
  contactUs,
  erpSoftware,
  computerLab,
  laboratory,
  library,
  houses,
  parentPortal,
  patrons,
  primaryWing,
  principalMessage,
  schoolInformation,
  syllabus,
  timings,
};

/** Every page of a school: `texts` as written, with `catalogue`'s pictures. */
export function schoolPages(catalogue: SiteCatalogue, texts: Texts = TEXTS): PageContents {
  const img = catalogue.images;
  const t = texts;
  const tile = (title: string, image: (typeof img.facilities)[keyof typeof img.facilities], link?: string) => ({
    title,
    image,
    ...(link ? { link } : {}),
  });
  return {
    home: {
      banner: img.banner,
      slider: img.slider,
      aboutImage: img.aboutSchool,
      // SPEC §2: Smart Classes has no page; the three labs share one.
      facilities: [
        tile('Smart Classes', img.facilities.smartClass),
        tile('Library', img.facilities.library, '/library'),
        tile('Computer Lab', img.facilities.computerLab, '/computer-lab'),
        tile('Chemistry Lab', img.facilities.chemistry, '/laboratory'),
        tile('Biology Lab', img.facilities.biology, '/laboratory'),
        tile('Physics Lab', img.facilities.physics, '/laboratory'),
      ],
      activities: [
        tile('Parliament', img.activities.parliament, '/activities'),
        tile('Morning Assembly & Prayer', img.activities.assembly, '/activities'),
        tile('Art & Craft', img.activities.artCraft, '/activities'),
        tile('Clubs & Association', img.activities.clubs, '/clubs-association'),
      ],
    },
    'about-us': { ...t.aboutUs, image: img.aboutSchool },
    patrons: {
      ...t.patrons,
      patrons: t.patrons.patrons.flatMap((p, i) => (img.patrons[i] ? [{ ...p, portrait: img.patrons[i] }] : [])),
    },
    'principal-message': t.principalMessage,
    'school-information': t.schoolInformation,
    activities: {
      ...t.activities,
      items: t.activities.items.map(({ image, ...item }) => (image ? { ...item, image: img.activities[image] } : item)),
    },
    syllabus: {
      ...t.syllabus,
      documents: [
        {
          label: 'Nursery to LKG',
          title: catalogue.syllabus.nurseryLkg.title,
          file: catalogue.syllabus.nurseryLkg.path,
          summary: t.syllabus.documents.nurseryLkg,
        },
        {
          label: 'Classes I to IV',
          title: catalogue.syllabus.primary.title,
          file: catalogue.syllabus.primary.path,
          summary: t.syllabus.documents.primary,
        },
        {
          label: 'Classes V to XII',
          title: catalogue.syllabus.senior.title,
          file: catalogue.syllabus.senior.path,
          summary: t.syllabus.documents.senior,
        },
      ],
    },
    timings: t.timings,
    'admission-withdrawal': t.admissionWithdrawal,
    'primary-wing': t.primaryWing,
    'clubs-association': t.clubsAssociation,
    house: { ...t.houses, houses: t.houses.houses.map((h) => ({ ...h, image: img.houses[h.id] })) },
    laboratory: { ...t.laboratory, labs: t.laboratory.labs.map((lab) => ({ ...lab, photos: img.labs[lab.key] })) },
    'computer-lab': { ...t.computerLab, photos: img.computerLab },
    library: { ...t.library, photos: img.library },
    'erp-software': {
      ...t.erpSoftware,
      modules: t.erpSoftware.modules.map((m, i) => (img.erp[i] ? { ...m, image: img.erp[i] } : m)),
      appImage: img.mobileApp,
    },
    'parent-portal': t.parentPortal,
    'contact-us': t.contactUs,
  };
}

/** The STHSM texts retold for another school: its names and places in place of St. Thomas'. */
export function retold(profile: DemoProfile, replacements: ReadonlyArray<readonly [string, string]>): Texts {
  const swap = (text: string) => replacements.reduce((out, [from, to]) => out.replaceAll(from, to), text);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return swap(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  const texts = walk(TEXTS) as Texts;
  // The second school's patrons are its bishop and its principal.
  const [bishop] = texts.patrons.patrons;
  texts.patrons = {
    ...texts.patrons,
    description: `The patrons who guide ${profile.name}: the Bishop of the Diocese and the Principal.`,
    patrons: [
      ...(bishop ? [bishop] : []),
      {
        name: `${profile.principal.name} (fictional)`,
        role: profile.principal.title,
        bio: 'The Principal leads the teachers and the daily life of the school, and knows every child by name.',
      },
    ],
  };
  return texts;
}
