// The site's one lightbox (SPEC §2 "Lightbox", §5, §9), on yet-another-react-lightbox and its
// plugins. This module is only ever imported dynamically (see LazyLightbox.tsx), so none of it,
// nor its CSS, is in a page's first-load bundle.
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import YarlLightbox, {
  createIcon,
  type FullscreenRef,
  IconButton,
  type GenericSlide,
  type RenderSlideProps,
  type Slide,
  useLightboxState,
} from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Download from 'yet-another-react-lightbox/plugins/download';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Slideshow from 'yet-another-react-lightbox/plugins/slideshow';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import '../../styles/lightbox.css';
import { MetadataPanel } from './metadata';
import { ANIMATION_MS, clampMaxZoom, fileNameOf, SLIDESHOW_DELAY_MS, videoAutoPlays, videoSize, youTubeEmbedUrl, youTubeId } from './rules';
import type { LightboxItem, LightboxViewProps } from './types';
import type { LightboxWords } from './words';

declare module 'yet-another-react-lightbox' {
  interface YouTubeSlide extends GenericSlide {
    type: 'yt';
    embedUrl: string;
    title: string;
    width: number;
    height: number;
  }
  interface EmbedSlide extends GenericSlide {
    type: 'embed';
    url: string;
    title: string;
    width: number;
    height: number;
  }
  interface SlideTypes {
    yt: YouTubeSlide;
    embed: EmbedSlide;
  }
  interface Labels {
    'Image details'?: string;
  }
}

/** SPEC §9: mobile at 768 px or less (thumbnails start hidden there). */
const MOBILE_QUERY = '(max-width: 768px)';
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function matches(query: string): boolean {
  return typeof window !== 'undefined' && window.matchMedia(query).matches;
}

function toSlide(item: LightboxItem): Slide {
  switch (item.type) {
    case 'image':
      return {
        type: 'image',
        src: item.srcSet?.at(-1)?.src ?? item.src,
        srcSet: item.srcSet,
        width: item.width,
        height: item.height,
        alt: item.alt,
        description: item.caption ?? item.alt,
        thumbnail: item.thumbnail,
        download: { url: item.src, filename: fileNameOf(item.src) },
      };
    case 'yt': {
      const id = youTubeId(item.url);
      const size = videoSize(item.videoWidth, item.videoHeight);
      return {
        type: 'yt',
        embedUrl: id ? youTubeEmbedUrl(id, item.autoPlay) : '',
        title: item.title,
        description: item.caption,
        thumbnail: id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : undefined,
        download: false,
        ...size,
      };
    }
    case 'video': {
      const size = videoSize(item.videoWidth, item.videoHeight);
      return {
        type: 'video',
        sources: item.sources,
        poster: item.poster,
        autoPlay: videoAutoPlays(item.autoPlay),
        muted: videoAutoPlays(item.autoPlay),
        controls: true,
        playsInline: true,
        description: item.caption ?? item.title,
        thumbnail: item.poster,
        download: false,
        ...size,
      };
    }
    case 'embed':
      return {
        type: 'embed',
        url: item.url,
        title: item.title,
        description: item.caption,
        thumbnail: item.thumbnail,
        download: false,
        ...videoSize(item.videoWidth, item.videoHeight),
      };
  }
}

/** Fits a w×h box into the slide rect, keeping its aspect ratio. */
function fit(width: number, height: number, rect: { width: number; height: number }) {
  const scale = Math.min(1, rect.width / width, rect.height / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function renderFrameSlide({ slide, offset, rect }: RenderSlideProps) {
  if (slide.type !== 'yt' && slide.type !== 'embed') return undefined;
  const src = slide.type === 'yt' ? slide.embedUrl : slide.url;
  const size = fit(slide.width, slide.height, rect);
  // Only the current slide holds a live frame, so neighbours never play in the background.
  if (offset !== 0 || !src) return <div className="lb-frame lb-frame--idle" style={size} aria-hidden="true" />;
  return (
    <iframe
      className="lb-frame"
      src={src}
      title={slide.title}
      width={size.width}
      height={size.height}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox={slide.type === 'embed' ? 'allow-scripts allow-popups allow-forms allow-presentation' : undefined}
    />
  );
}

const InfoIcon = createIcon(
  'ImageDetails',
  <path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8z" />,
);

function InfoButton({ pressed, onToggle, panelId }: { pressed: boolean; onToggle: () => void; panelId: string }) {
  return (
    // aria-controls only while the panel exists: an id that names nothing is invalid ARIA (axe aria-valid-attr-value).
    <IconButton
      label="Image details"
      icon={InfoIcon}
      onClick={onToggle}
      aria-pressed={pressed}
      aria-controls={pressed ? panelId : undefined}
    />
  );
}

/** The details panel follows the current slide. */
function CurrentMetadata({ items, panelId, words }: { items: LightboxItem[]; panelId: string; words: LightboxWords }) {
  const { currentIndex } = useLightboxState();
  const item = items[currentIndex];
  return item?.type === 'image' ? (
    <MetadataPanel
      id={panelId}
      src={item.src}
      width={item.width}
      height={item.height}
      title={words.labels['Image details']}
      words={words.details}
    />
  ) : (
    <MetadataPanel id={panelId} src={null} title={words.labels['Image details']} words={words.details} />
  );
}

export default function LightboxView({
  items,
  open,
  index,
  onClose,
  onExited,
  label,
  words,
  maxZoom,
  theme = 'night',
  onMediaError,
}: LightboxViewProps) {
  const slides = useMemo(() => items.map(toSlide), [items]);
  const [showInfo, setShowInfo] = useState(false);
  const fullscreenRef = useRef<FullscreenRef>(null);
  const panelId = useId();
  const reducedMotion = matches(REDUCED_MOTION_QUERY);
  const mobile = matches(MOBILE_QUERY);

  const close = useCallback(() => {
    // Closing resets full screen and the details panel; thumbnails, slideshow, captions and
    // zoom reset because the caller mounts a fresh lightbox for every opening.
    if (fullscreenRef.current?.fullscreen) fullscreenRef.current.exit();
    setShowInfo(false);
    onClose();
  }, [onClose]);

  // Image and video load errors do not bubble; React still sees them in the capture phase.
  const reportError = useCallback(
    (event: React.SyntheticEvent) => {
      const target = event.target;
      if (!onMediaError || !(target instanceof HTMLImageElement || target instanceof HTMLVideoElement)) return;
      const failed = target instanceof HTMLImageElement ? target.currentSrc || target.src : target.currentSrc;
      const path = (url: string) => new URL(url, window.location.href).pathname;
      const item = items.find((it) =>
        it.type === 'image'
          ? [it.src, ...(it.srcSet ?? []).map((s) => s.src), it.thumbnail ?? ''].some((u) => u && path(u) === path(failed))
          : it.type === 'video' && it.sources.some((s) => path(s.src) === path(failed)),
      );
      if (item) onMediaError(item);
    },
    [items, onMediaError],
  );

  return (
    <YarlLightbox
      open={open}
      close={close}
      index={index}
      slides={slides}
      className={`lb lb--${theme}${showInfo ? ' lb--info' : ''}`}
      labels={{ ...words.labels, Lightbox: label }}
      plugins={[Captions, Counter, Download, Fullscreen, Slideshow, Thumbnails, Video, Zoom]}
      carousel={{ finite: false, preload: 2, padding: '16px' }}
      animation={
        reducedMotion ? { fade: ANIMATION_MS, swipe: 0, navigation: 0 } : { fade: ANIMATION_MS, swipe: ANIMATION_MS, zoom: ANIMATION_MS }
      }
      controller={{ closeOnBackdropClick: true, closeOnEscape: true }}
      captions={{ showToggle: true, descriptionTextAlign: 'center', descriptionMaxLines: 3 }}
      thumbnails={{ showToggle: true, hidden: mobile, width: 96, height: 64, border: 0, gap: 8, borderRadius: 6, vignette: true }}
      slideshow={{ autoplay: false, delay: SLIDESHOW_DELAY_MS }}
      zoom={{ maxZoomPixelRatio: clampMaxZoom(maxZoom), scrollToZoom: true }}
      fullscreen={{ ref: fullscreenRef }}
      video={{ controls: true, playsInline: true }}
      toolbar={{
        buttons: [<InfoButton key="image-details" pressed={showInfo} onToggle={() => setShowInfo((v) => !v)} panelId={panelId} />, 'close'],
      }}
      render={{
        slide: renderFrameSlide,
        controls: () => (showInfo ? <CurrentMetadata items={items} panelId={panelId} words={words} /> : null),
      }}
      on={{ exited: onExited }}
      portal={{ container: { onErrorCapture: reportError } }}
    />
  );
}
