import type { SchoolProfile } from '@sthsm/contract/profile';
import { iconUrl } from './brand';
import { telOf } from './phone';

/**
 * schema.org EducationalOrganization for the school, on every public page (site layout): the facts
 * the school has given, none made up (docs/decisions/0132); its logo only when it has a crest.
 */
export function schoolJsonLd(school: SchoolProfile, siteUrl: string, code: string): Record<string, unknown> {
  const { address, map } = school;
  const sameAs = Object.values(school.social ?? {}).filter(Boolean);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': `${siteUrl}/#school`,
    name: school.name,
    alternateName: school.fullName,
    description: school.tagline,
    url: `${siteUrl}/`,
    logo: school.brand?.crest ? iconUrl(code, 512, siteUrl) : undefined,
    foundingDate: school.established === undefined ? undefined : String(school.established),
    email: school.email,
    telephone: school.phones?.length ? school.phones.map((p) => telOf(p.number)) : undefined,
    address: address
      ? {
          '@type': 'PostalAddress',
          streetAddress: address.lines.slice(1).join(', '),
          addressLocality: address.city,
          addressRegion: address.state,
          postalCode: address.postalCode,
          addressCountry: address.country === 'India' ? 'IN' : address.country,
        }
      : undefined,
    geo: map ? { '@type': 'GeoCoordinates', latitude: map.latitude, longitude: map.longitude } : undefined,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  };
  // Leave out what is not given (JSON.stringify would too; the tests compare the object).
  return Object.fromEntries(Object.entries(ld).filter(([, v]) => v !== undefined));
}
