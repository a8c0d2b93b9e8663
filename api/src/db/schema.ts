// Row types of the database. Dates are ISO 8601 TEXT; file-reference arrays are JSON TEXT.

export interface SchoolsTable { code: string; name: string; created_at: string }

interface Owned { _id: string; school_code: string; created_at: string }

export interface NewsTable extends Owned {
  date: string | null; from_date: string | null; title: string; description: string; attachments: string;
}
export interface HighlightsTable extends Owned { description: string; attachments: string }
export interface ToppersTable extends Owned {
  name: string; class: string; division: string; stream: string; session_year: string; attachments: string;
}
export interface PrincipalMessagesTable extends Owned { message: string; attachments: string }
export interface EventsTable extends Owned {
  title: string; description: string; date: string | null; from_date: string | null;
  location: string; venue: string; time: string; images: string; attachments: string;
}
export interface BirthdaysTable extends Owned { name: string; class: string; month_day: string; attachments: string }
export interface NotificationsTable extends Owned {
  title: string; description: string; image: string; attachments: string; url: string;
  active_from: string; active_until: string;
}
export interface AlbumsTable extends Owned {
  title: string; description: string; category: string; date: string | null; updated_on: string | null; attachments: string;
}
export interface VideosTable extends Owned { title: string; date: string | null; video_url: string; attachments: string }
export interface FilesTable { _id: string; path: string; content_type: string; created_at: string }
export interface VisitorCountsTable { school_code: string; visitor: number }
export interface AlumniSubmissionsTable {
  _id: string; school_code: string; form_type: string; created_at: string;
  from_year: string; class: string; to_year: string; school2: string; father_name: string; subject: string;
  name: string; email: string; phone: string; location: string; address: string; school: string;
  profession3: string; school1: string; designation: string; address1: string; profession1: string;
}

export interface Database {
  schools: SchoolsTable;
  news: NewsTable;
  highlights: HighlightsTable;
  toppers: ToppersTable;
  principal_messages: PrincipalMessagesTable;
  events: EventsTable;
  birthdays: BirthdaysTable;
  notifications: NotificationsTable;
  albums: AlbumsTable;
  videos: VideosTable;
  files: FilesTable;
  visitor_counts: VisitorCountsTable;
  alumni_submissions: AlumniSubmissionsTable;
}
