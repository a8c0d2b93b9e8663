// The media library's shapes as the staff API answers them (docs/api.md "Staff media API") and the
// small pure helpers its screens share: the list's filters as URL parameters, sizes in words.

export interface CameraData {
  make?: string;
  model?: string;
  takenAt?: string;
  iso?: number;
  fNumber?: number;
  exposure?: number;
}

export interface MediaItem {
  id: string;
  /** What content stores in its file-reference arrays and what /api/image/{ref} serves. */
  ref: string;
  kind: 'image' | 'pdf';
  contentType: string;
  name: string;
  bytes: number;
  width?: number;
  height?: number;
  alt: string;
  decorative: boolean;
  caption: string;
  camera?: CameraData;
  createdAt: string;
  createdBy: string;
  version: number;
}

export interface MediaUsage {
  bytes: number;
  quotaBytes: number;
  /** Held on top by uploads in progress until they finish (docs/decisions/0114). */
  reservedBytes?: number;
}

export interface MediaPage {
  items: MediaItem[];
  page: number;
  pageSize: number;
  total: number;
  usage: MediaUsage;
}

/** A child tagged in a photo (issue 16): without current photo consent the photo is not shown. */
export interface TaggedChild {
  id: string;
  name: string;
  class: string;
  photosConsent: boolean;
}

export interface UsedIn {
  type: string;
  id: string;
  title: string;
}

/** What the person may change of one file (GET /api/admin/media/{id}); `reason`: why not its words. */
export interface MediaPermissions {
  editWords: boolean;
  tag: boolean;
  untag: boolean;
  delete: boolean;
  reason: string | null;
}

/** What the upload controls accept: photos (HEIC from iPhones included) and PDFs; the server decides by the bytes. */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif,application/pdf';
/** Uploads at once (the issue: at most 2–3, so a weak phone connection is not split too thin). */
export const PARALLEL_UPLOADS = 3;
/** The grid's thumbnail width (an IMAGE_WIDTHS entry). */
export const THUMB_WIDTH = 320;

export const MEDIA_TYPES = ['image', 'pdf'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_TYPE_LABELS: Record<MediaType, string> = { image: 'Photos', pdf: 'PDFs' };

export interface MediaFilters {
  q: string;
  type: MediaType | '';
  from: string;
  to: string;
  album: string;
  missingAlt: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters from its URL (unknown or malformed values are dropped). */
export function mediaFilters(params: URLSearchParams): MediaFilters {
  const type = params.get('type') ?? '';
  const day = (name: string) => {
    const v = (params.get(name) ?? '').trim();
    return DAY.test(v) ? v : '';
  };
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    type: (MEDIA_TYPES as readonly string[]).includes(type) ? (type as MediaType) : '',
    from: day('from'),
    to: day('to'),
    album: (params.get('album') ?? '').trim().slice(0, 64),
    missingAlt: params.get('missingAlt') === '1',
  };
}

/** The filters (and a page) as query parameters, leaving out what is empty: for the API and the list's own links. */
export function mediaQuery(filters: MediaFilters, page = 1): URLSearchParams {
  const q = new URLSearchParams();
  if (filters.q) q.set('q', filters.q);
  if (filters.type) q.set('type', filters.type);
  if (filters.from) q.set('from', filters.from);
  if (filters.to) q.set('to', filters.to);
  if (filters.album) q.set('album', filters.album);
  if (filters.missingAlt) q.set('missingAlt', '1');
  if (page > 1) q.set('page', String(page));
  return q;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in words, 1000-based like phones and disks show it: "1.2 GB", "850 KB", "12 bytes". */
export function sizeText(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value) : Number(value.toFixed(1));
  return `${shown} ${UNITS[unit]}`;
}

/** "1.2 GB of 2 GB used", and ", 300 MB more held by uploads in progress" while any are. */
export function usageText(usage: MediaUsage): string {
  const held = usage.reservedBytes ? `, ${sizeText(usage.reservedBytes)} more held by uploads in progress` : '';
  return `${sizeText(usage.bytes)} of ${sizeText(usage.quotaBytes)} used${held}`;
}

/** Whether a photo may appear in published content: it has alt text or is marked decorative. */
export const hasAlt = (item: Pick<MediaItem, 'alt' | 'decorative'>) => item.decorative || item.alt.trim() !== '';

/** Camera facts as lines for the details: "Canon EOS 90D", "ISO 200", "f/2.8", "1/125 s", the capture time. */
export function cameraLines(camera: CameraData | undefined): string[] {
  if (!camera) return [];
  const lines: string[] = [];
  const body = [camera.make, camera.model].filter(Boolean).join(' ');
  if (body) lines.push(body);
  if (camera.takenAt) lines.push(`Taken ${camera.takenAt.replace('T', ' ').slice(0, 16)}`);
  if (camera.iso) lines.push(`ISO ${camera.iso}`);
  if (camera.fNumber) lines.push(`f/${Number(camera.fNumber.toFixed(1))}`);
  if (camera.exposure) lines.push(camera.exposure >= 1 ? `${camera.exposure} s` : `1/${Math.round(1 / camera.exposure)} s`);
  return lines;
}

/** One photo's text fields in the album form: `alt.{id}`, `decorative.{id}`, `caption.{id}`, and what they held (`before.{id}`). */
export const photoField = (field: 'alt' | 'decorative' | 'caption' | 'before', id: string) => `${field}.${id}`;

export interface PhotoText {
  alt: string;
  decorative: boolean;
  caption: string;
}
