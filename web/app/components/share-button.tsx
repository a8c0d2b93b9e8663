import { useState } from 'react';

/**
 * "Share" for a news item, event or album. Before hydration (or without JavaScript) it is a plain
 * link that opens WhatsApp with the title and the page's address; once hydrated it opens the
 * device's share sheet (Web Share API), else copies the address and says so. The status line keeps
 * its height, so the message moves nothing (docs/decisions/0106). On a page without React the shell's
 * script (lib/enhance.server.ts) does the same from the link's data attributes.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState('');
  const whatsApp = `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;

  async function share(event: React.MouseEvent<HTMLAnchorElement>) {
    if (typeof navigator.share === 'function') {
      event.preventDefault();
      try {
        await navigator.share({ title, url });
      } catch {
        // Dismissed by the visitor: nothing to say.
      }
      return;
    }
    if (navigator.clipboard?.writeText) {
      event.preventDefault();
      try {
        await navigator.clipboard.writeText(url);
        setStatus('Link copied.');
      } catch {
        setStatus(`Copy this link: ${url}`);
      }
    }
  }

  return (
    <div className="share">
      <a
        className="btn btn--outline share__button"
        href={whatsApp}
        target="_blank"
        rel="noopener"
        onClick={share}
        aria-label={`Share: ${title}`}
        data-share-url={url}
        data-share-title={title}
      >
        Share
      </a>
      <output className="share__status">{status}</output>
    </div>
  );
}
