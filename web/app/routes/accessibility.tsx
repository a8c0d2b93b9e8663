import { OfficeContacts } from '../components/office-contacts';
import { PageHeader } from '../components/page-header';
import { useRootData } from '../lib/root-data';
import { NO_HYDRATION } from '../lib/hydration';

/** When this statement was last reviewed (update it with every accessibility review). */
const REVIEWED = '21 November 2026';

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

/** The accessibility statement, linked from the footer (WCAG 2.2 AA is the site's target). */
export default function Accessibility() {
  const school = useRootData().school;
  const name = school?.name ?? 'The school';
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>
          {name} wants every parent, student, former student and visitor to be able to use this website, whatever device, browser or
          assistive technology they use.
        </p>
        <h2>What the site meets</h2>
        <p>
          Our target is the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. We believe the site meets it, apart from the
          limitations listed below. In particular:
        </p>
        <ul>
          <li>Every page works with a keyboard alone, with a visible focus outline and a “Skip to main content” link.</li>
          <li>Pages have one main heading, landmarks and a breadcrumb; images have text alternatives.</li>
          <li>
            Moving content (the announcements ticker, carousels and slider) can be paused and stops when your device asks for reduced
            motion.
          </li>
          <li>Pages can be zoomed to 400% and read on screens 320 pixels wide without scrolling sideways.</li>
          <li>The alumni form labels every field, explains each error in words next to the field and keeps what you typed.</li>
        </ul>
        <h2>How we test it</h2>
        <p>
          Every change to the site runs automated checks before it is published: the axe-core accessibility engine (WCAG 2.0, 2.1 and 2.2 A
          and AA rules) on every page at phone and desktop widths, with the photo viewer and the notices window open too; and keyboard-only
          journeys through the menu, the house tabs, the news filters, a photo album, the notices window and the alumni form. Automated
          checks cannot find every problem, so please tell us about anything that gets in your way.
        </p>
        <h2>Known limitations</h2>
        <ul>
          <li>Photos in the gallery and facility pages have short descriptions; they do not describe every person in a photo.</li>
          <li>
            Some older PDF documents (such as syllabus files) may not be fully tagged for screen readers. Ask us for the content in another
            format.
          </li>
          <li>Videos are hosted on YouTube and may not have captions or transcripts.</li>
          <li>The embedded map comes from OpenStreetMap; the address and a text link to the map are given beside it.</li>
          <li>The parent login portal and the school's mobile app are run by our ERP provider and are not covered by this statement.</li>
        </ul>
        <h2>Report a problem</h2>
        <p>
          If something on this website is hard to use, or you need information in another format, please tell us. We will reply as soon as
          we can.
        </p>
        <OfficeContacts subject="Website accessibility" />
        <p>This statement was last reviewed on {REVIEWED}.</p>
      </div>
    </>
  );
}
