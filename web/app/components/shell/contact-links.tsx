import type { ShellSchool } from '../../lib/site.server';
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, WhatsAppIcon, XIcon, YouTubeIcon } from './icons';

/** A WhatsApp chat link: wa.me takes the number in international form, digits only. */
export function whatsappUrl(tel: string): string {
  return `https://wa.me/${tel.replace(/\D/g, '')}`;
}

/** The school's three numbers; the WhatsApp one opens a chat (SPEC §2 header, footer, contact). */
export function PhoneLinks({ phones, className }: { phones: ShellSchool['phones']; className?: string }) {
  return (
    <ul className={`contact-list ${className ?? ''}`}>
      {phones.map((phone) =>
        phone.whatsapp ? (
          <li key={phone.tel}>
            <a href={whatsappUrl(phone.tel)} target="_blank" rel="noopener noreferrer">
              <WhatsAppIcon />
              <span className="visually-hidden">WhatsApp </span>
              {phone.display}
            </a>
          </li>
        ) : (
          <li key={phone.tel}>
            <a href={`tel:${phone.tel}`}>
              <PhoneIcon />
              <span className="visually-hidden">{phone.label}: call </span>
              {phone.display}
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

const SOCIAL = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'youtube', label: 'YouTube', Icon: YouTubeIcon },
  { key: 'x', label: 'X (Twitter)', Icon: XIcon },
] as const;

export function SocialLinks({ social, className }: { social: ShellSchool['social']; className?: string }) {
  return (
    <ul className={`social-list ${className ?? ''}`}>
      {SOCIAL.map(({ key, label, Icon }) => (
        <li key={key}>
          <a href={social[key]} target="_blank" rel="noopener noreferrer" aria-label={`${label} (opens in a new tab)`}>
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
