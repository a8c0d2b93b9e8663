import { useI18n } from '../i18n/i18n';
import { useTitledName } from './listing/titled-name';

/** "Add to calendar" (the event's .ics file) and "Google Calendar" for one event; nothing without a date. */
export function CalendarLinks({
  links,
  title,
  titleLang,
}: {
  links: { ics: string; google: string } | null;
  title: string;
  /** The title's language (an event's `lang`). */
  titleLang?: string | undefined;
}) {
  const { t } = useI18n();
  const named = useTitledName();
  if (!links) return null;
  return (
    <p className="calendar-links">
      <a href={links.ics} download aria-label={named.label('lists.calendar.addLabel', title, titleLang)}>
        {named.content('lists.calendar.addLabel', title, t('lists.calendar.add'), titleLang)}
      </a>
      <a href={links.google} target="_blank" rel="noopener" aria-label={named.label('lists.calendar.googleAddLabel', title, titleLang)}>
        {named.content('lists.calendar.googleAddLabel', title, t('lists.calendar.google'), titleLang)}
      </a>
    </p>
  );
}
