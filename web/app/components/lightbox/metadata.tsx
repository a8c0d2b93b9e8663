import { useEffect, useState } from 'react';
import { fileNameOf, formatAperture, formatShutter } from './rules';
import type { DetailsWords } from './words';

export interface ImageMetadata {
  filename: string;
  capturedTime: string;
  resolution: string;
  iso: string;
  fNumber: string;
  shutter: string;
  camera: string;
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: ImageMetadata };

const numberOrText = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? v : undefined);

/** EXIF "2024:11:14 10:32:05" → "14 Nov 2024, 10:32:05" (the camera's own clock, no time-zone shift). */
export function formatExifDateTime(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(value);
  if (!m) return value;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(m[3])} ${months[Number(m[2]) - 1] ?? m[2]} ${m[1]}, ${m[4]}`;
}

async function readMetadata(src: string, signal: AbortSignal, known?: { width?: number; height?: number }): Promise<ImageMetadata> {
  // The original file: resized variants are re-encoded without EXIF.
  const response = await fetch(src, { signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  const buffer = await blob.arrayBuffer();
  const { default: exifr } = await import('exifr');
  // reviveValues: false keeps EXIF dates as written, so no time-zone guess is made.
  const tags = ((await exifr.parse(buffer, { reviveValues: false, translateValues: false }).catch(() => null)) ?? {}) as Record<
    string,
    unknown
  >;
  let width = known?.width;
  let height = known?.height;
  if (!width || !height) {
    const bitmap = await createImageBitmap(blob).catch(() => null);
    width = bitmap?.width;
    height = bitmap?.height;
    bitmap?.close();
  }
  const iso = numberOrText(tags.ISO ?? tags.ISOSpeedRatings ?? tags.PhotographicSensitivity);
  return {
    filename: fileNameOf(src, response.headers.get('content-type')),
    capturedTime: formatExifDateTime(tags.DateTimeOriginal ?? tags.CreateDate ?? tags.DateTime),
    resolution: width && height ? `${width} × ${height} px` : '',
    iso: iso === undefined ? '' : String(Array.isArray(iso) ? iso[0] : iso),
    fNumber: formatAperture(numberOrText(tags.FNumber)),
    shutter: formatShutter(numberOrText(tags.ExposureTime)),
    camera: [tags.Make, tags.Model].filter((v): v is string => typeof v === 'string').join(' '),
  };
}

/** Reads the shown image's EXIF on demand (only while the panel is open). */
export function useImageMetadata(src: string | null, known?: { width?: number; height?: number }): State {
  // The result is kept with the src it belongs to: a new src reads as "loading" until its own answer.
  const [result, setResult] = useState<{ src: string; state: State } | null>(null);
  const { width, height } = known ?? {};
  useEffect(() => {
    if (!src) return;
    const controller = new AbortController();
    readMetadata(src, controller.signal, { width, height })
      .then((data) => setResult({ src, state: { status: 'ready', data } }))
      .catch(() => {
        if (!controller.signal.aborted) setResult({ src, state: { status: 'error' } });
      });
    return () => controller.abort();
  }, [src, width, height]);
  return result && result.src === src ? result.state : { status: 'loading' };
}

export function MetadataPanel({
  src,
  width,
  height,
  id,
  title,
  words,
}: {
  src: string | null;
  width?: number;
  height?: number;
  id: string;
  title: string;
  words: DetailsWords;
}) {
  const state = useImageMetadata(src, { width, height });
  const NOT_RECORDED = words.notRecorded;
  return (
    <aside className="lb-meta" id={id} aria-label={title} aria-live="polite">
      <h2 className="lb-meta__title">{title}</h2>
      {!src ? (
        <p>{words.photosOnly}</p>
      ) : state.status === 'loading' ? (
        <p>{words.reading}</p>
      ) : state.status === 'error' ? (
        <p>{words.failed}</p>
      ) : (
        <dl>
          <dt>{words.filename}</dt>
          <dd>{state.data.filename}</dd>
          <dt>{words.capturedTime}</dt>
          <dd>{state.data.capturedTime || NOT_RECORDED}</dd>
          <dt>{words.resolution}</dt>
          <dd>{state.data.resolution || NOT_RECORDED}</dd>
          <dt>{words.iso}</dt>
          <dd>{state.data.iso || NOT_RECORDED}</dd>
          <dt>{words.fNumber}</dt>
          <dd>{state.data.fNumber || NOT_RECORDED}</dd>
          <dt>{words.shutter}</dt>
          <dd>{state.data.shutter || NOT_RECORDED}</dd>
          {state.data.camera ? (
            <>
              <dt>{words.camera}</dt>
              <dd>{state.data.camera}</dd>
            </>
          ) : null}
        </dl>
      )}
    </aside>
  );
}
