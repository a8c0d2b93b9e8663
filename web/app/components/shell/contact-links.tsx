import type { SchoolProfile } from '@sthsm/contract/profile';
import { telOf, whatsappUrl } from '../../lib/phone';
import { SOCIAL_NETWORKS } from '../../lib/social-networks';
import { useI18n } from '../../i18n/i18n';
import { SchoolText } from '../english-note';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, WhatsAppIcon, XIcon, YouTubeIcon } from './icons';

/** The school's numbers; the WhatsApp one opens a chat (SPEC §2 header, footer, contact). */
export function PhoneLinks({ phones, className }: { phones: SchoolProfile['phones']; className?: string }) {
  const { t, rich, contentDir } = useI18n();
  if (!phones?.length) return null;
  return (
    <ul className={`contact-list ${className ?? ''}`}>
      {phones.map((phone) =>
        phone.whatsapp ? (
          <li key={phone.number}>
            <a href={whatsappUrl(phone.number)} target="_blank" rel="noopener noreferrer">
              <WhatsAppIcon />
              <span className="visually-hidden">{t('shell.whatsapp')}</span>
              <span className="contact-list__number" dir={contentDir}>
                {phone.number}
              </span>
            </a>
          </li>
        ) : (
          <li key={phone.number}>
            <a href={`tel:${telOf(phone.number)}`}>
              <PhoneIcon />
              <span className="visually-hidden">{rich('shell.call', { label: <SchoolText>{phone.label}</SchoolText> })}</span>
              <span className="contact-list__number" dir={contentDir}>
                {phone.number}
              </span>
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

export function EmailLink({ email }: { email: string }) {
  const { t, contentDir } = useI18n();
  return (
    <a href={`mailto:${email}`}>
      <MailIcon />
      <span className="visually-hidden">{t('shell.email')}</span>
      <span dir={contentDir}>{email}</span>
    </a>
  );
}

const ICONS = { facebook: FacebookIcon, instagram: InstagramIcon, youtube: YouTubeIcon, x: XIcon } as const;

/** The school's social networks (only those it is on). */
export function SocialLinks({ social, className }: { social: SchoolProfile['social']; className?: string }) {
  const { t } = useI18n();
  const links = SOCIAL_NETWORKS.flatMap((s) => (social?.[s.key] ? [{ ...s, Icon: ICONS[s.key], href: social[s.key] }] : []));
  if (links.length === 0) return null;
  return (
    <ul className={`social-list ${className ?? ''}`}>
      {links.map(({ key, label, Icon, href }) => (
        <li key={key}>
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t('shell.social', { network: label })}>
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
