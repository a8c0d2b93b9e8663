// The shapes of CONTRACT.md. Dates are ISO 8601 strings; a missing date is null or absent.
// A file reference is an identifier ("6650f0c2a1b2") or a relative path ("STHSM/public/Images/x.jpg").
export type FileRef = string;
export type IsoDate = string;

export interface Stored {
  _id: string;
}

export interface NewsItem extends Stored {
  date?: IsoDate | null;
  fromDate?: IsoDate | null;
  title: string;
  description: string;
  attachments: FileRef[];
}

export interface Highlight extends Stored {
  description: string;
  attachments: FileRef[];
}

export type TopperClass = 'X' | 'XII';

export interface Topper extends Stored {
  name: string;
  class: TopperClass;
  /** A percentage string such as "96.4%". */
  division: string;
  stream: string;
  /** Like "2024-2025". */
  sessionYear: string;
  attachments: FileRef[];
}

export interface PrincipalMessage extends Stored {
  /** HTML text: sanitize before rendering. */
  message: string;
  attachments: FileRef[];
}

export interface SchoolEvent extends Stored {
  title: string;
  description: string;
  date?: IsoDate | null;
  fromDate?: IsoDate | null;
  location: string;
  venue: string;
  time: string;
  images: FileRef[];
  attachments: FileRef[];
}

export interface Birthday extends Stored {
  name: string;
  class: string;
  attachments: FileRef[];
}

export interface VisitorCount {
  visitor: number;
}

export interface SchoolNotification extends Stored {
  title: string;
  description: string;
  image: FileRef[];
  attachments: FileRef[];
  url: string;
}

export const PHOTO_GALLERY = 'PhotoGallery';

export interface Album extends Stored {
  title: string;
  description: string;
  category: string;
  date?: IsoDate | null;
  attachments: FileRef[];
}

export interface SubGallery extends Stored {
  title: string;
  description: string;
  date?: IsoDate | null;
  updatedOn?: IsoDate | null;
  attachments: FileRef[];
}

export interface Video extends Stored {
  title: string;
  date?: IsoDate | null;
  videoUrl: string;
  /** attachments[0] is the thumbnail. */
  attachments: FileRef[];
}

export interface ApiError {
  error: string;
  errors?: Record<string, string>;
}
