// The site's static pictures and documents (facility pages, home slider, houses, ERP page,
// syllabus), as path-form files under the media root. The demo generator renders exactly
// these; the site references them with their dimensions (for width/height and aspect ratio).
// The URL of an entry is `/api/image/${path}`.

export interface SiteImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface Patron extends SiteImage {
  name: string;
  role: string;
}

export interface SiteDocument {
  path: string;
  title: string;
  contentType: string;
}

export interface SiteImages {
  /** The home slider: 17 images (SPEC §2). */
  slider: SiteImage[];
  banner: SiteImage;
  aboutSchool: SiteImage;
  labs: { physics: SiteImage[]; chemistry: SiteImage[]; biology: SiteImage[] };
  /** 10 photos (SPEC §2). */
  computerLab: SiteImage[];
  /** 12 photos (SPEC §2). */
  library: SiteImage[];
  houses: { mary: SiteImage; antony: SiteImage; joseph: SiteImage; teresa: SiteImage };
  erp: SiteImage[];
  mobileApp: SiteImage;
  /** The toppers' fallback photo (PNG). */
  trophy: SiteImage;
  facilities: {
    smartClass: SiteImage;
    library: SiteImage;
    computerLab: SiteImage;
    chemistry: SiteImage;
    biology: SiteImage;
    physics: SiteImage;
  };
  activities: { parliament: SiteImage; assembly: SiteImage; artCraft: SiteImage; clubs: SiteImage };
  patrons: Patron[];
}

export const IMAGE_DIR = 'STHSM/public/Images';

function image(file: string, width: number, height: number, alt: string): SiteImage {
  return { path: `${IMAGE_DIR}/${file}`, width, height, alt };
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

const SLIDER_CAPTIONS = [
  'Main building at sunrise', 'Morning assembly', 'Annual Sports Day march past', 'Science exhibition',
  'Annual Day on stage', 'Library reading hour', 'Computer lab session', 'Inter-house football final',
  'Independence Day parade', 'Art and craft exhibition', 'Primary wing playground', 'Chemistry practical',
  'Christmas carol service', 'Investiture ceremony', 'School choir', 'Tree plantation drive', 'Graduation day',
];

const LAB_SHAPES: ReadonlyArray<readonly [number, number]> = [[1200, 800], [1200, 800], [800, 1200], [1000, 1000]];
const LIBRARY_SHAPES: ReadonlyArray<readonly [number, number]> = [[1200, 800], [1000, 1000], [800, 1200], [1600, 1067]];

function shape(list: ReadonlyArray<readonly [number, number]>, i: number): readonly [number, number] {
  return list[i % list.length] ?? [1200, 800];
}

function lab(name: string, label: string): SiteImage[] {
  return range(4).map((n) => {
    const [w, h] = shape(LAB_SHAPES, n - 1);
    return image(`lab-${name}-${n}.jpg`, w, h, `${label} laboratory, photo ${n}`);
  });
}

function patron(file: string, name: string, role: string): Patron {
  return { ...image(file, 600, 750, `Portrait of ${name}`), name, role };
}

export const siteImages: SiteImages = {
  slider: SLIDER_CAPTIONS.map((alt, i) => image(`slider-${pad2(i + 1)}.jpg`, 1920, 700, alt)),
  banner: image('banner.jpg', 1920, 600, 'St. Thomas Higher Secondary School campus'),
  aboutSchool: image('about-school.jpg', 1200, 800, 'The school building and front lawn'),
  labs: { physics: lab('physics', 'Physics'), chemistry: lab('chemistry', 'Chemistry'), biology: lab('biology', 'Biology') },
  computerLab: range(10).map((n) => {
    const [w, h] = shape(LAB_SHAPES, n - 1);
    return image(`computer-lab-${n}.jpg`, w, h, `Computer lab, photo ${n}`);
  }),
  library: range(12).map((n) => {
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
  trophy: image('trophy.png', 400, 400, 'Trophy'),
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
  patrons: [
    patron('patron-1.jpg', 'Most Rev. Dr. Clement Fernandes (fictional)', 'Patron, Bishop of the Diocese'),
    patron('patron-2.jpg', 'Rev. Fr. Augustine Pereira (fictional)', 'Chairman, Society of St. Thomas Educational Trust'),
    patron('patron-3.jpg', 'Rev. Fr. Anselm Varkey (fictional)', 'Principal'),
  ],
};

export const siteDocuments: { syllabus: { nurseryLkg: SiteDocument; primary: SiteDocument; senior: SiteDocument } } = {
  syllabus: {
    nurseryLkg: { path: `${IMAGE_DIR}/syllabus-nursery-lkg.pdf`, title: 'Syllabus: Nursery to LKG', contentType: 'application/pdf' },
    primary: { path: `${IMAGE_DIR}/syllabus-i-iv.pdf`, title: 'Syllabus: Classes I to IV', contentType: 'application/pdf' },
    senior: { path: `${IMAGE_DIR}/syllabus-v-xii.pdf`, title: 'Syllabus: Classes V to XII', contentType: 'application/pdf' },
  },
};

/** Every catalogued image, once each, in a stable order. */
export function allSiteImages(): SiteImage[] {
  const s = siteImages;
  return [
    ...s.slider, s.banner, s.aboutSchool, ...s.labs.physics, ...s.labs.chemistry, ...s.labs.biology,
    ...s.computerLab, ...s.library, ...Object.values(s.houses), ...s.erp, s.mobileApp, s.trophy,
    ...Object.values(s.facilities), ...Object.values(s.activities), ...s.patrons,
  ];
}
