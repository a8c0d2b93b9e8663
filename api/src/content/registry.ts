import { CONTENT_TYPES, contentFieldSchemas, RICH_TEXT_FIELDS, TRANSLATABLE_FIELDS, type ContentType } from '@sthsm/contract';
import type { ConsentPurpose } from '@sthsm/contract/children';
import type { z } from 'zod';

// The one registry of content types (docs/api.md "Staff content API"): for each type its table,
// how each SPEC §3 field is stored, what the list searches and what its year filter looks at.
// The generic routes (routes/admin/content.ts) and store (content/store.ts) read only this.

export type ContentTable =
  'news' | 'highlights' | 'events' | 'albums' | 'videos' | 'toppers' | 'birthdays' | 'notifications' | 'principal_messages';

/** How a field is kept: text as is; a list of file references as JSON TEXT; a day as YYYY-MM-DD with an open-ended default. */
export type ColumnKind = 'text' | 'nullable' | 'refs' | 'from-day' | 'until-day';

export interface ContentTypeSpec {
  type: ContentType;
  /** Singular words for messages and the audit log. */
  label: string;
  table: ContentTable;
  schema: z.ZodObject;
  /** field name (SPEC §3, the API's) → column and kind. */
  columns: Record<string, { column: string; kind: ColumnKind }>;
  /** The column the list's search looks in, and the field that names an item in messages. */
  searchColumn: string;
  titleField: string;
  /** The column whose first four characters are the year filter's year. */
  yearColumn: string;
  richText: readonly string[];
  /** The consent a linked child (field `child`) needs before the item may be shown (issue 16). */
  consentPurpose?: ConsentPurpose;
  /**
   * The text fields a version in another language has (contract TRANSLATABLE_FIELDS); the rest is
   * the item's own, shared by every language.
   */
  translatable: readonly string[];
  /** Extra columns written with every save (the album's updatedOn). */
  onSave?: (now: Date) => Record<string, string>;
}

const col = (column: string, kind: ColumnKind = 'text') => ({ column, kind });

const specs: Record<ContentType, Omit<ContentTypeSpec, 'type' | 'schema' | 'richText' | 'translatable'>> = {
  news: {
    label: 'news item',
    table: 'news',
    columns: {
      title: col('title'),
      date: col('date', 'nullable'),
      fromDate: col('from_date', 'nullable'),
      description: col('description'),
      attachments: col('attachments', 'refs'),
    },
    searchColumn: 'title',
    titleField: 'title',
    yearColumn: 'date',
  },
  announcements: {
    label: 'announcement',
    table: 'highlights',
    columns: { description: col('description'), attachments: col('attachments', 'refs') },
    searchColumn: 'description',
    titleField: 'description',
    yearColumn: 'created_at',
  },
  events: {
    label: 'event',
    table: 'events',
    columns: {
      title: col('title'),
      description: col('description'),
      date: col('date', 'nullable'),
      fromDate: col('from_date', 'nullable'),
      location: col('location'),
      venue: col('venue'),
      time: col('time'),
      images: col('images', 'refs'),
      attachments: col('attachments', 'refs'),
    },
    searchColumn: 'title',
    titleField: 'title',
    yearColumn: 'date',
  },
  albums: {
    label: 'album',
    table: 'albums',
    columns: {
      title: col('title'),
      description: col('description'),
      category: col('category'),
      date: col('date', 'nullable'),
      attachments: col('attachments', 'refs'),
    },
    searchColumn: 'title',
    titleField: 'title',
    yearColumn: 'date',
    onSave: (now) => ({ updated_on: now.toISOString().slice(0, 10) }),
  },
  videos: {
    label: 'video',
    table: 'videos',
    columns: {
      title: col('title'),
      date: col('date', 'nullable'),
      videoUrl: col('video_url'),
      attachments: col('attachments', 'refs'),
    },
    searchColumn: 'title',
    titleField: 'title',
    yearColumn: 'date',
  },
  toppers: {
    label: 'topper',
    table: 'toppers',
    columns: {
      name: col('name'),
      class: col('class'),
      division: col('division'),
      stream: col('stream'),
      sessionYear: col('session_year'),
      attachments: col('attachments', 'refs'),
      child: col('child_id', 'nullable'),
    },
    consentPurpose: 'results',
    searchColumn: 'name',
    titleField: 'name',
    yearColumn: 'session_year',
  },
  birthdays: {
    label: 'birthday',
    table: 'birthdays',
    columns: {
      name: col('name'),
      class: col('class'),
      monthDay: col('month_day'),
      attachments: col('attachments', 'refs'),
      child: col('child_id', 'nullable'),
    },
    consentPurpose: 'birthday',
    searchColumn: 'name',
    titleField: 'name',
    yearColumn: 'created_at',
  },
  notifications: {
    label: 'notification',
    table: 'notifications',
    columns: {
      title: col('title'),
      description: col('description'),
      image: col('image', 'refs'),
      attachments: col('attachments', 'refs'),
      url: col('url'),
      activeFrom: col('active_from', 'from-day'),
      activeUntil: col('active_until', 'until-day'),
    },
    searchColumn: 'title',
    titleField: 'title',
    yearColumn: 'created_at',
  },
  'principal-message': {
    label: "principal's message",
    table: 'principal_messages',
    columns: { message: col('message'), attachments: col('attachments', 'refs') },
    searchColumn: 'message',
    titleField: 'message',
    yearColumn: 'created_at',
  },
};

export const CONTENT_REGISTRY: Record<ContentType, ContentTypeSpec> = Object.fromEntries(
  CONTENT_TYPES.map((type) => [
    type,
    {
      type,
      ...specs[type],
      schema: contentFieldSchemas[type],
      richText: RICH_TEXT_FIELDS[type] ?? [],
      translatable: TRANSLATABLE_FIELDS[type] ?? [],
    } satisfies ContentTypeSpec,
  ]),
) as unknown as Record<ContentType, ContentTypeSpec>;

export function contentSpec(type: string): ContentTypeSpec | undefined {
  return (CONTENT_TYPES as readonly string[]).includes(type) ? CONTENT_REGISTRY[type as ContentType] : undefined;
}

const OPEN_START = '0000-01-01';
const OPEN_END = '9999-12-31';

/** A field's value as its column stores it. */
export function toColumn(kind: ColumnKind, value: unknown): string | null {
  switch (kind) {
    case 'refs':
      return JSON.stringify(Array.isArray(value) ? value : []);
    case 'nullable':
      return typeof value === 'string' && value !== '' ? value : null;
    case 'from-day':
      return typeof value === 'string' && value ? value.slice(0, 10) : OPEN_START;
    case 'until-day':
      return typeof value === 'string' && value ? value.slice(0, 10) : OPEN_END;
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** A column's value as the field the API answers with. */
export function fromColumn(kind: ColumnKind, value: unknown): unknown {
  switch (kind) {
    case 'refs': {
      try {
        const parsed: unknown = JSON.parse(String(value ?? '[]'));
        return Array.isArray(parsed) ? parsed.filter((v) => typeof v === 'string') : [];
      } catch {
        return [];
      }
    }
    case 'nullable':
      return value ?? null;
    case 'from-day':
      return value === OPEN_START || !value ? null : `${String(value)}T00:00:00.000Z`;
    case 'until-day':
      return value === OPEN_END || !value ? null : `${String(value)}T00:00:00.000Z`;
    default:
      return value ?? '';
  }
}
