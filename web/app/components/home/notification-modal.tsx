import { useEffect, useId, useRef } from 'react';
import { useI18n } from '../../i18n/i18n';
import { imageUrl } from '../../lib/images';
import { internalPath } from '../../lib/links';
import { useRootData } from '../../lib/root-data';
import { ApiImage } from '../api-image';
import type { HomeNotification } from './data';
import { mountNotices } from './notice-controller';
import { SchoolText } from '../english-note';

/**
 * The pop-up notification modal (SPEC §2, §4): a native modal <dialog>, so focus moves in and the
 * page behind is inert. It opens once by itself when there is at least one notification, closes by
 * its button, Escape or a click on the backdrop, and gives focus back to where it was. The
 * "Notices" button reopens it. Its behaviour is notice-controller.ts's and the browser's.
 */
export function NotificationModal({ items }: { items: HomeNotification[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const dialogId = `${titleId}dialog`;
  const { siteUrl } = useRootData();
  const { t, rich, path, textLang, textDir } = useI18n();
  useEffect(() => (dialogRef.current ? mountNotices(dialogRef.current) : undefined), []);

  if (items.length === 0) return null;
  return (
    <>
      <button type="button" className="notice-button" commandfor={dialogId} command="show-modal">
        {t('media.home.notices')}
        <span className="notice-button__count">{items.length}</span>
      </button>
      <dialog ref={dialogRef} id={dialogId} className="notice-dialog" aria-labelledby={titleId} closedby="any">
        <div className="notice-dialog__body">
          <div className="notice-dialog__head">
            <h2 id={titleId}>{t('media.home.notifications')}</h2>
            <button
              type="button"
              className="notice-dialog__close"
              aria-label={t('media.home.closeNotifications')}
              commandfor={dialogId}
              command="close"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          {items.map((n) => (
            <article key={n.id} className="notice">
              {n.title ? (
                <h3 lang={textLang(n.lang)} dir={textDir(n.lang)}>
                  {n.title}
                </h3>
              ) : null}
              {n.image ? (
                <ApiImage
                  src={n.image}
                  width={640}
                  height={400}
                  maxWidth={640}
                  sizes="(min-width: 44rem) 12rem, 36vw"
                  alt={n.title && !textLang(n.lang) ? t('media.home.noticeImage', { title: n.title }) : t('media.home.notice')}
                />
              ) : null}
              {n.description ? (
                <p lang={textLang(n.lang)} dir={textDir(n.lang)}>
                  {n.description}
                </p>
              ) : null}
              {n.attachment || n.url ? (
                <p className="notice__links">
                  {n.attachment ? (
                    <a href={imageUrl(n.attachment)} target="_blank" rel="noopener">
                      {t('media.home.viewAttachment')}
                      <span className="visually-hidden">
                        {rich('media.home.attachmentFor', {
                          title: n.title ? <SchoolText>{n.title}</SchoolText> : t('media.home.thisNotice'),
                        })}
                      </span>
                    </a>
                  ) : null}
                  {n.url ? <MoreDetails url={n.url} path={internalPath(n.url, siteUrl)} title={n.title} /> : null}
                </p>
              ) : null}
            </article>
          ))}
          <p className="notice-dialog__subscribe">
            <a href={path('/subscribe')}>{t('media.home.subscribe')}</a>
          </p>
        </div>
      </dialog>
    </>
  );
}

/** A page of this site opens in the same tab (the dialog closes as the page changes); another site in a new tab. */
function MoreDetails({ url, path, title }: { url: string; path: string | null; title: string }) {
  const { t, rich, path: localized } = useI18n();
  const about = (
    <span className="visually-hidden">
      {rich('media.home.detailsAbout', { title: title ? <SchoolText>{title}</SchoolText> : t('media.home.thisNotice') })}
    </span>
  );
  if (path) {
    return (
      <a href={localized(path)}>
        {t('media.home.moreDetails')}
        {about}
      </a>
    );
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {t('media.home.moreDetails')}
      {about}
      <span className="visually-hidden">{t('shell.newTab')}</span>
    </a>
  );
}
