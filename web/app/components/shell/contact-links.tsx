import type { SchoolProfile } from '@sthsm/contract/profile';
import { telOf, whatsappUrl } from '../../lib/phone';
import { SOCIAL_NETWORKS } from '../../lib/social-networks';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, WhatsAppIcon, XIcon, YouTubeIcon } from './icons';

/** The school's numbers; the WhatsApp one opens a chat (SPEC §2 header, footer, contact). */
export function PhoneLinks({ phones, className }: { phones: SchoolProfile['phones']; className?: string }) {
  if (!phones?.length) return null;
  return (
    <ul className={`contact-list ${className ?? ''}`}>
      {phones.map((phone) =>
        phone.whatsapp ? (
          <li key={phone.number}>
            <a href={whatsappUrl(phone.number)} target="_blank" rel="noopener noreferrer">
              <WhatsAppIcon />
              <span className="visually-hidden">WhatsApp </span>
              <span className="contact-list__number">{phone.number}</span>
            </a>
          </li>
        ) : (
          <li key={phone.number}>
            <a href={`tel:${telOf(phone.number)}`}>
              <PhoneIcon />
              <span className="visually-hidden">{phone.label}: call </span>
              <span className="contact-list__number">{phone.number}</span>
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`}>
      <MailIcon />
      <span className="visually-hidden">E-mail: </span>
      {email}
    </a>
  );
}

const ICONS = { facebook: FacebookIcon, instagram: InstagramIcon, youtube: YouTubeIcon, x: XIcon } as const;

/** The school's social networks (only those it is on). */
export function SocialLinks({ social, className }: { social: SchoolProfile['social']; className?: string }) {
  const links = SOCIAL_NETWORKS.flatMap((s) => (social?.[s.key] ? [{ ...s, Icon: ICONS[s.key], href: social[s.key] }] : []));
  if (links.length === 0) return null;
  return (
    <ul className={`social-list ${className ?? ''}`}>
      {links.map(({ key, label, Icon, href }) => (
        <li key={key}>
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label} (opens in a new tab)`}>
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
