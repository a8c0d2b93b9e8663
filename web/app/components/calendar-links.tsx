import { useI18n } from '../i18n/i18n';
import { useTitledName } from './listing/titled-name';

/** "Add to calendar" (the event's .ics file) and "Google Calendar" for one event; nothing without a date. */
export function CalendarLinks({ links, title }: { links: { ics: string; google: string } | null; title: string }) {
  const { t } = useI18n();
  const named = useTitledName();
  if (!links) return null;
  return (
    <p className="calendar-links">
      <a href={links.ics} download aria-label={named.label('lists.calendar.addLabel', title)}>
        {named.content('lists.calendar.addLabel', title, t('lists.calendar.add'))}
      </a>
      <a href={links.google} target="_blank" rel="noopener" aria-label={named.label('lists.calendar.googleAddLabel', title)}>
        {named.content('lists.calendar.googleAddLabel', title, t('lists.calendar.google'))}
      </a>
    </p>
  );
}
