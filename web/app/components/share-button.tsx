import { useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { useTitledName } from './listing/titled-name';

/**
 * "Share" for a news item, event or album. Before hydration (or without JavaScript) it is a plain
 * link that opens WhatsApp with the title and the page's address; once hydrated it opens the
 * device's share sheet (Web Share API), else copies the address and says so. The status line keeps
 * its height, so the message moves nothing (docs/decisions/0106). On a page without React the shell's
 * script (lib/enhance.server.ts) does the same from the link's data attributes (on a page in another
 * language these carry its words too; the script's own are English).
 */
export function ShareButton({ url, title, titleLang }: { url: string; title: string; titleLang?: string | undefined }) {
  const { locale, t } = useI18n();
  const named = useTitledName();
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
        setStatus(t('lists.linkCopied'));
      } catch {
        setStatus(t('lists.copyLink', { url }));
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
        aria-label={named.label('lists.shareLabel', title, titleLang)}
        data-share-url={url}
        data-share-title={title}
        data-share-copied={locale === 'en' ? undefined : t('lists.linkCopied')}
        data-share-copy={locale === 'en' ? undefined : t('lists.copyLink', { url })}
      >
        {named.content('lists.shareLabel', title, t('lists.share'), titleLang)}
      </a>
      <output className="share__status">{status}</output>
    </div>
  );
}
