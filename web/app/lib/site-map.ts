// The ONE list of the site's pages: the menu, the HTML sitemap (/sitemap), /sitemap.xml and
// the default <title>/description of any page that has no meta of its own all read it.
// Paths are written as SPEC §2 spells them; matching is case-insensitive (see routes.ts).

export type MenuGroup =
  | 'Home'
  | 'About'
  | 'Academics'
  | 'Admission'
  | 'Student Corner'
  | 'Facilities'
  | 'Gallery'
  | 'Contact Us'
  | 'More';

export interface SitePage {
  path: string;
  title: string;
  group: MenuGroup;
  description: string;
  /** false: reachable (and tested) but not a menu, sitemap or sitemap.xml entry. */
  listed: boolean;
}

/** Menu groups in the order the header shows them (SPEC §2 "Header and menu"). */
export const MENU_GROUPS = ['About', 'Academics', 'Admission', 'Student Corner', 'Facilities', 'Gallery', 'Contact Us'] as const;

const page = (path: string, title: string, group: MenuGroup, description: string, listed = true): SitePage => ({
  path, title, group, description, listed,
});

export const SITE_PAGES: readonly SitePage[] = [
  page('/', 'Home', 'Home', 'News, events, toppers, galleries and announcements of the school.'),
  page('/about-us', 'About Us', 'About', 'The history, vision and campus of the school.'),
  page('/patrons', 'Our Patrons', 'About', 'The patrons and management who guide the school.'),
  page('/principal-message', "Principal's Message", 'About', 'A message from the Principal to students and parents.'),
  page('/school-information', 'School Information', 'About', 'Affiliation, board, contacts, session and vacation: the school at a glance.'),
  page('/syllabus', 'Syllabus', 'Academics', 'Syllabus PDFs for Nursery to LKG, Classes I to IV and Classes V to XII.'),
  page('/timings', 'School Timings', 'Academics', 'Summer and winter school hours, principal visiting hours and office hours.'),
  page('/Toppers', 'Toppers Class X (ICSE)', 'Academics', 'Class X ICSE toppers by session, with their percentages.'),
  page('/ToppersXII', 'Toppers Class XII (ISC)', 'Academics', 'Class XII ISC toppers by session, with their streams and percentages.'),
  page('/news', 'News', 'Academics', 'School news, filterable by year, month and title.'),
  page('/Events', 'Events', 'Academics', 'Upcoming and past school events with venue and time.'),
  page('/admission-withdrawal', 'Admission & Withdrawal', 'Admission', 'Admission rules from Nursery to Class XI, and the rules for withdrawal.'),
  page('/alumni', 'Alumni Registration', 'Admission', 'Former students: register with the alumni association.'),
  page('/primary-wing', 'Primary Wing', 'Student Corner', 'Month-by-month activities and sports of the primary wing for 2024-25.'),
  page('/activities', 'Activities', 'Student Corner', 'Co-curricular activities: parliament, assembly, art and craft, clubs.'),
  page('/clubs-association', 'Clubs & Association', 'Student Corner', 'The eleven student clubs of the school.'),
  page('/house', 'School Houses', 'Student Corner', 'The four school houses, their colours and mottos.'),
  page('/laboratory', 'Laboratory', 'Facilities', 'The Physics, Chemistry and Biology laboratories in pictures.'),
  page('/computer-lab', 'Computer Lab', 'Facilities', 'The computer laboratory in pictures.'),
  page('/library', 'Library', 'Facilities', 'The school library in pictures.'),
  page('/erp-software', 'ERP Software', 'Facilities', "The school's ERP and its mobile app for parents."),
  page('/parent-portal', 'Parent Portal', 'Facilities', 'How to pay fees online on the web and in the app, and the parent help desk.'),
  page('/gallery', 'Photo Gallery', 'Gallery', 'Photo albums of school events, filterable by year and month.'),
  page('/SubGallery', 'Album', 'Gallery', 'One photo album of the gallery.', false),
  page('/VideoGallery', 'Video Gallery', 'Gallery', 'Videos of school events and programmes.'),
  page('/contactUs', 'Contact Us', 'Contact Us', 'Address, telephone, WhatsApp, e-mail, map and social links of the school.'),
  page('/careers', 'Careers', 'More', 'Working at the school: how to apply for teaching and staff posts.'),
  page('/accessibility', 'Accessibility Statement', 'More', 'How accessible the website is, how it is tested and how to report a problem.'),
  page('/sitemap', 'Sitemap', 'More', 'Every page of the website on one page.'),
  page('/error', 'Something went wrong', 'More', 'A page could not be shown.', false),
];

/** The page of a path, matched case-insensitively and ignoring a trailing slash. */
export function findPage(pathname: string): SitePage | undefined {
  const key = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return SITE_PAGES.find((p) => p.path.toLowerCase() === key);
}

export function pagesOf(group: MenuGroup): SitePage[] {
  return SITE_PAGES.filter((p) => p.group === group && p.listed);
}
