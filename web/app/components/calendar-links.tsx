/** "Add to calendar" (the event's .ics file) and "Google Calendar" for one event; nothing without a date. */
export function CalendarLinks({ links, title }: { links: { ics: string; google: string } | null; title: string }) {
  if (!links) return null;
  return (
    <p className="calendar-links">
      <a href={links.ics} download aria-label={`Add to calendar: ${title} (.ics file)`}>
        Add to calendar
      </a>
      <a href={links.google} target="_blank" rel="noopener" aria-label={`Google Calendar: add ${title} (opens in a new tab)`}>
        Google Calendar
      </a>
    </p>
  );
}
