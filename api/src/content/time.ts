// Publish times: stored in UTC ISO (toISOString, so they compare as text on both engines), shown
// and typed in the school's time zone (config.timeZone, Asia/Kolkata by default).

function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * "2025-08-14T10:00" in `timeZone` (or an ISO time with its own offset) as UTC ISO; null stays null.
 * A wall time that occurs twice or never (daylight-saving zones) takes the first valid instant.
 */
export function schoolTimeToUtc(value: string | null, timeZone: string): string | null {
  if (value === null) return null;
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return new Date(value).toISOString();
  const [date, time = '00:00'] = value.split('T') as [string, string?];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  const wall = Date.UTC(y, m - 1, d, hh, mm, ss);
  let instant = wall - offsetMs(wall, timeZone);
  instant = wall - offsetMs(instant, timeZone);
  return new Date(instant).toISOString();
}

/** A UTC ISO time as the school's wall time, "2025-08-14T10:00"; null stays null. */
export function utcToSchoolTime(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  const instant = Date.parse(iso);
  return new Date(instant + offsetMs(instant, timeZone)).toISOString().slice(0, 16);
}
