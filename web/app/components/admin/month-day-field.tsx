import { MONTHS, splitMonthDay } from '../../lib/staff/admin-time';

// A birthday as a month and a day picked from lists (issue 30, item 9), instead of "08-14" typed
// in a box, where "day-month" went wrong silently for days up to 12. The two selects post
// `<name>-month` and `<name>-day`; the item's action joins them into the stored "MM-DD"
// (joinMonthDay), so the API and its rules stay as they are. Plain selects: no JavaScript needed.

export const monthDayPart = (name: string, part: 'month' | 'day') => `${name}-${part}`;

const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));

export function MonthDayField({
  name,
  label,
  value,
  error,
  required,
}: {
  name: string;
  label: string;
  /** The stored "MM-DD" (or what was sent, after a refused save). */
  value: string;
  error?: string | undefined;
  required?: boolean | undefined;
}) {
  const { month, day } = splitMonthDay(value);
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  return (
    <fieldset className={`field admin-month-day${error ? ' field--invalid' : ''}`} aria-describedby={described}>
      <legend>{label}</legend>
      <div className="admin-month-day-parts">
        <div>
          <label htmlFor={id}>Month</label>
          <select
            id={id}
            name={monthDayPart(name, 'month')}
            defaultValue={month}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          >
            <option value="">Choose…</option>
            {MONTHS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-day`}>Day</label>
          <select
            id={`${id}-day`}
            name={monthDayPart(name, 'day')}
            defaultValue={day}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          >
            <option value="">Choose…</option>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {Number(d)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
