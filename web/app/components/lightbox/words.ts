import type { Translate } from '../../i18n/i18n';

/**
 * The lightbox's words in the page's language: yet-another-react-lightbox's labels (by their
 * English names), the details panel's and the "opening" line. The server renders them (the photo
 * grid's `data-words`) for the viewer of pages without React, which cannot translate.
 */
export function lightboxWords(t: Translate) {
  return {
    labels: {
      Previous: t('media.lightbox.previous'),
      Next: t('media.lightbox.next'),
      Close: t('media.lightbox.close'),
      Slide: t('media.lightbox.slide'),
      Carousel: t('media.lightbox.carousel'),
      'Photo gallery': t('media.lightbox.photoGallery'),
      // The library fills in {index} and {total} itself.
      '{index} of {total}': t('media.lightbox.slideOf', { index: '{index}', total: '{total}' }),
      Caption: t('media.lightbox.caption'),
      Thumbnails: t('media.lightbox.thumbnails'),
      Download: t('media.lightbox.download'),
      'Enter Fullscreen': t('media.lightbox.enterFullscreen'),
      'Exit Fullscreen': t('media.lightbox.exitFullscreen'),
      'Show captions': t('media.lightbox.showCaptions'),
      'Hide captions': t('media.lightbox.hideCaptions'),
      'Show thumbnails': t('media.lightbox.showThumbnails'),
      'Hide thumbnails': t('media.lightbox.hideThumbnails'),
      Play: t('media.lightbox.play'),
      Pause: t('media.lightbox.pause'),
      'Zoom in': t('media.lightbox.zoomIn'),
      'Zoom out': t('media.lightbox.zoomOut'),
      'Image details': t('media.lightbox.details'),
    },
    opening: t('media.lightbox.opening'),
    details: {
      photosOnly: t('media.lightbox.detailsPhotosOnly'),
      reading: t('media.lightbox.detailsReading'),
      failed: t('media.lightbox.detailsFailed'),
      filename: t('media.lightbox.filename'),
      capturedTime: t('media.lightbox.capturedTime'),
      resolution: t('media.lightbox.resolution'),
      iso: t('media.lightbox.iso'),
      fNumber: t('media.lightbox.fNumber'),
      shutter: t('media.lightbox.shutter'),
      camera: t('media.lightbox.camera'),
      notRecorded: t('media.lightbox.notRecorded'),
    },
  };
}

export type LightboxWords = ReturnType<typeof lightboxWords>;
export type DetailsWords = LightboxWords['details'];

/** Words read back from `data-words` (a grid's JSON): null unless they have the expected shape. */
export function parseLightboxWords(json: string | undefined): LightboxWords | null {
  try {
    const value: unknown = JSON.parse(json ?? '');
    if (typeof value !== 'object' || value === null) return null;
    const words = value as Partial<LightboxWords>;
    return typeof words.opening === 'string' && typeof words.labels === 'object' && typeof words.details === 'object'
      ? (words as LightboxWords)
      : null;
  } catch {
    return null;
  }
}
