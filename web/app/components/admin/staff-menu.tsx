import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { StaffRole } from '@sthsm/contract/staff-words';
import { CONTENT_LINKS } from '../../lib/staff/admin-content';

// The staff area's navigation (issue 30, item 6; decision 0127). Wide screens show every place in
// two rows; phones show one "Menu" disclosure (<details>), grouped into Content and School and
// people, so the header stays one line. Both are plain links: the menu opens and navigates without
// JavaScript; with it, Escape and a click elsewhere close the menu, and it closes after navigating.
// Only the one that fits the screen is displayed (admin-nav.css), so assistive technology meets one.

export interface NavPlace {
  to: string;
  label: string;
}

/** The places of "School and people" a role may use (the API refuses the others anyway); `operator`: also every school. */
export function schoolPlaces(role: StaffRole, operator = false): NavPlace[] {
  const admin = role === 'admin';
  return [
    ...(operator ? [{ to: '/admin/schools', label: 'Schools' }] : []),
    ...(admin ? [{ to: '/admin/settings', label: 'Settings' }] : []),
    ...(admin ? [{ to: '/admin/words', label: 'Words on the site' }] : []),
    ...(admin ? [{ to: '/admin/staff', label: 'Staff' }] : []),
    ...(admin || role === 'editor' ? [{ to: '/admin/children', label: 'Children' }] : []),
    ...(admin || role === 'editor' ? [{ to: '/admin/alerts', label: 'Emergency alert' }] : []),
    ...(admin ? [{ to: '/admin/submissions', label: 'Submissions' }] : []),
    ...(admin ? [{ to: '/admin/requests', label: 'Requests' }] : []),
    ...(admin ? [{ to: '/admin/breaches', label: 'Breaches' }] : []),
    ...(admin ? [{ to: '/admin/audit', label: 'Audit log' }] : []),
    ...(admin ? [{ to: '/admin/import', label: 'Move in' }] : []),
  ];
}

function Places({ places }: { places: readonly NavPlace[] }) {
  return (
    <ul>
      {places.map((p) => (
        <li key={p.to}>
          <NavLink to={p.to} end={p.to === '/admin'}>
            {p.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Wide screens: the places and the account in one row, the content lists in a second. */
export function WideNav({ role, operator = false }: { role: StaffRole | null; operator?: boolean }) {
  return (
    <>
      <nav aria-label="Staff area" className="admin-nav admin-nav--wide">
        <Places
          places={[
            { to: '/admin', label: 'Dashboard' },
            ...(role ? schoolPlaces(role, operator) : []),
            { to: '/admin/account', label: 'Your account' },
          ]}
        />
      </nav>
      {role ? (
        <nav aria-label="Content" className="admin-nav admin-nav--content admin-nav--wide">
          <Places places={CONTENT_LINKS} />
        </nav>
      ) : null}
    </>
  );
}

/** A group of the phone menu, named by its heading for screen readers too. */
function MenuGroup({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a group of links, not of form controls (fieldset)
    <div className="admin-menu-group" role="group" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
    </div>
  );
}

/** Phones: one "Menu" that opens the grouped places over the page. */
export function PhoneMenu({ role, who, operator = false }: { role: StaffRole | null; who: string; operator?: boolean }) {
  const details = useRef<HTMLDetailsElement>(null);
  const id = useId();
  const school = role ? schoolPlaces(role, operator) : [];

  // A click or tap outside the open menu closes it, as people expect of a menu.
  useEffect(() => {
    const close = (event: PointerEvent) => {
      const menu = details.current;
      if (menu?.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);

  // A page reached through the menu closes it (without JavaScript, every page starts closed).
  const onClick = (event: MouseEvent<HTMLDetailsElement>) => {
    if (details.current && event.target instanceof Element && event.target.closest('a')) details.current.open = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const menu = details.current;
    if (event.key !== 'Escape' || !menu?.open) return;
    event.preventDefault();
    menu.open = false;
    menu.querySelector('summary')?.focus();
  };

  return (
    <nav aria-label="Staff area" className="admin-menu">
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and a followed link close the disclosure; its summary is the control */}
      <details ref={details} onKeyDown={onKeyDown} onClick={onClick}>
        <summary>
          <span className="admin-menu-icon" aria-hidden="true" />
          Menu
        </summary>
        <div className="admin-menu-panel">
          <Places places={[{ to: '/admin', label: 'Dashboard' }]} />
          {role ? (
            <MenuGroup id={`${id}-content`} heading="Content">
              <Places places={CONTENT_LINKS} />
            </MenuGroup>
          ) : null}
          {school.length > 0 ? (
            <MenuGroup id={`${id}-school`} heading="School and people">
              <Places places={school} />
            </MenuGroup>
          ) : null}
          <MenuGroup id={`${id}-you`} heading="You">
            <p className="admin-menu-who">Signed in as {who}</p>
            <Places places={[{ to: '/admin/account', label: 'Your account' }]} />
          </MenuGroup>
        </div>
      </details>
    </nav>
  );
}
