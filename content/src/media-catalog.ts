import type { SiteImage } from '@sthsm/contract/school-fields';

// Each demo school's static pictures and documents (home slider and banner, facility and page
// photos, houses, patrons, ERP, syllabus) as path-form files under `{CODE}/public/Images/`. The
// demo generator renders exactly these; the seed stores them in the school's page records with
// their dimensions. The URL of an entry is `/api/image/${path}`.

export type { SiteImage };

export interface SiteDocument {
  path: string;
  title: string;
}

export interface SiteImages {
  /** The home slider: 17 images on STHSM (SPEC §2). */
  slider: SiteImage[];
  banner: SiteImage;
  aboutSchool: SiteImage;
  labs: { physics: SiteImage[]; chemistry: SiteImage[]; biology: SiteImage[] };
  /** 10 photos on STHSM (SPEC §2). */
  computerLab: SiteImage[];
  /** 12 photos on STHSM (SPEC §2). */
  library: SiteImage[];
  houses: { mary: SiteImage; antony: SiteImage; joseph: SiteImage; teresa: SiteImage };
  erp: SiteImage[];
  mobileApp: SiteImage;
  facilities: {
    smartClass: SiteImage;
    library: SiteImage;
    computerLab: SiteImage;
    chemistry: SiteImage;
    biology: SiteImage;
    physics: SiteImage;
  };
  activities: { parliament: SiteImage; assembly: SiteImage; artCraft: SiteImage; clubs: SiteImage };
  /** Portraits, in the order of the patrons page. */
  patrons: SiteImage[];
}

export interface SiteCatalogue {
  code: string;
  /** Printed on every demo photo and document. */
  schoolName: string;
  images: SiteImages;
  syllabus: { nurseryLkg: SiteDocument; primary: SiteDocument; senior: SiteDocument };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

const SLIDER_CAPTIONS = [
  'Main building at sunrise',
  'Morning assembly',
  'Annual Sports Day march past',
  'Science exhibition',
  'Annual Day on stage',
  'Library reading hour',
  'Computer lab session',
  'Inter-house football final',
  'Independence Day parade',
  'Art and craft exhibition',
  'Primary wing playground',
  'Chemistry practical',
  'Christmas carol service',
  'Investiture ceremony',
  'School choir',
  'Tree plantation drive',
  'Graduation day',
];

const LAB_SHAPES: ReadonlyArray<readonly [number, number]> = [
  [1200, 800],
  [1200, 800],
  [800, 1200],
  [1000, 1000],
];
const LIBRARY_SHAPES: ReadonlyArray<readonly [number, number]> = [
  [1200, 800],
  [1000, 1000],
  [800, 1200],
  [1600, 1067],
];

function shape(list: ReadonlyArray<readonly [number, number]>, i: number): readonly [number, number] {
  return list[i % list.length] ?? [1200, 800];
}

interface CatalogueSpec {
  code: string;
  schoolName: string;
  /** What the banner shows, e.g. "St. Thomas Higher Secondary School campus". */
  bannerAlt: string;
  counts: { slider: number; lab: number; computerLab: number; library: number };
  /** Whose portraits the patrons page shows. */
  patrons: string[];
}

function catalogue(spec: CatalogueSpec): SiteCatalogue {
  const dir = `${spec.code}/public/Images`;
  const image = (file: string, width: number, height: number, alt: string): SiteImage => ({ path: `${dir}/${file}`, width, height, alt });
  const lab = (name: string, label: string) =>
    range(spec.counts.lab).map((n) => {
      const [w, h] = shape(LAB_SHAPES, n - 1);
      return image(`lab-${name}-${n}.jpg`, w, h, `${label} laboratory, photo ${n}`);
    });
  return {
    code: spec.code,
    schoolName: spec.schoolName,
    images: {
      slider: SLIDER_CAPTIONS.slice(0, spec.counts.slider).map((alt, i) => image(`slider-${pad2(i + 1)}.jpg`, 1920, 700, alt)),
      banner: image('banner.jpg', 1920, 600, spec.bannerAlt),
      aboutSchool: image('about-school.jpg', 1200, 800, 'The school building and front lawn'),
      labs: { physics: lab('physics', 'Physics'), chemistry: lab('chemistry', 'Chemistry'), biology: lab('biology', 'Biology') },
      computerLab: range(spec.counts.computerLab).map((n) => {
        const [w, h] = shape(LAB_SHAPES, n - 1);
        return image(`computer-lab-${n}.jpg`, w, h, `Computer lab, photo ${n}`);
      }),
      library: range(spec.counts.library).map((n) => {
        const [w, h] = shape(LIBRARY_SHAPES, n - 1);
        return image(`library-${n}.jpg`, w, h, `Library, photo ${n}`);
      }),
      houses: {
        mary: image('house-mary.jpg', 800, 800, "St. Mary's House (Blue)"),
        antony: image('house-antony.jpg', 800, 800, "St. Antony's House (Yellow)"),
        joseph: image('house-joseph.jpg', 800, 800, 'St. Joseph House (Green)'),
        teresa: image('house-teresa.jpg', 800, 800, "Mother Teresa's House (Red)"),
      },
      erp: range(3).map((n) => image(`erp-${n}.jpg`, 1200, 800, `School ERP screenshot ${n}`)),
      mobileApp: image('mobile-app.jpg', 800, 1200, 'The school mobile app on a phone'),
      facilities: {
        smartClass: image('facility-smart-class.jpg', 800, 600, 'Smart classes'),
        library: image('facility-library.jpg', 800, 600, 'Library'),
        computerLab: image('facility-computer-lab.jpg', 800, 600, 'Computer lab'),
        chemistry: image('facility-chemistry.jpg', 800, 600, 'Chemistry lab'),
        biology: image('facility-biology.jpg', 800, 600, 'Biology lab'),
        physics: image('facility-physics.jpg', 800, 600, 'Physics lab'),
      },
      activities: {
        parliament: image('activity-parliament.jpg', 800, 600, 'Student parliament'),
        assembly: image('activity-assembly.jpg', 800, 600, 'Morning assembly and prayer'),
        artCraft: image('activity-art-craft.jpg', 800, 600, 'Art and craft'),
        clubs: image('activity-clubs.jpg', 800, 600, 'Clubs and associations'),
      },
      patrons: spec.patrons.map((name, i) => image(`patron-${i + 1}.jpg`, 600, 750, `Portrait of ${name}`)),
    },
    syllabus: {
      nurseryLkg: { path: `${dir}/syllabus-nursery-lkg.pdf`, title: 'Syllabus: Nursery to LKG' },
      primary: { path: `${dir}/syllabus-i-iv.pdf`, title: 'Syllabus: Classes I to IV' },
      senior: { path: `${dir}/syllabus-v-xii.pdf`, title: 'Syllabus: Classes V to XII' },
    },
  };
}

/** The full demo school. */
export const sthsmCatalogue = catalogue({
  code: 'STHSM',
  schoolName: 'St. Thomas Higher Secondary School, Mahimnagar',
  bannerAlt: 'St. Thomas Higher Secondary School campus',
  counts: { slider: 17, lab: 4, computerLab: 10, library: 12 },
  patrons: ['Most Rev. Dr. Clement Fernandes (fictional)', 'Rev. Fr. Augustine Pereira (fictional)', 'Rev. Fr. Anselm Varkey (fictional)'],
});

/** The small second school: fewer photos of its own, never another school's. */
export const demo2Catalogue = catalogue({
  code: 'DEMO2',
  schoolName: 'Little Flower Convent School, Rosepur',
  bannerAlt: 'Little Flower Convent School campus',
  counts: { slider: 4, lab: 2, computerLab: 4, library: 4 },
  patrons: ['Most Rev. Dr. Clement Fernandes (fictional)', 'Sr. Celine Mathias (fictional)'],
});

/** Every catalogued image of a school, once each, in a stable order. */
export function allSiteImages(c: SiteCatalogue): SiteImage[] {
  const s = c.images;
  return [
    ...s.slider,
    s.banner,
    s.aboutSchool,
    ...s.labs.physics,
    ...s.labs.chemistry,
    ...s.labs.biology,
    ...s.computerLab,
    ...s.library,
    ...Object.values(s.houses),
    ...s.erp,
    s.mobileApp,
    ...Object.values(s.facilities),
    ...Object.values(s.activities),
    ...s.patrons,
  ];
}
