import type { SchoolProfile } from '@sthsm/contract/profile';
import { telOf } from './phone';

/** schema.org EducationalOrganization for the school, on every public page (site layout). */
export function schoolJsonLd(school: SchoolProfile, siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': `${siteUrl}/#school`,
    name: school.name,
    alternateName: school.fullName,
    description: school.tagline,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/icon-512.png`,
    foundingDate: String(school.established),
    email: school.email,
    telephone: school.phones.map((p) => telOf(p.number)),
    address: {
      '@type': 'PostalAddress',
      streetAddress: school.address.lines.slice(1).join(', '),
      addressLocality: school.address.city,
      addressRegion: school.address.state,
      postalCode: school.address.postalCode,
      addressCountry: 'IN',
    },
    geo: { '@type': 'GeoCoordinates', latitude: school.map.latitude, longitude: school.map.longitude },
    sameAs: Object.values(school.social).filter(Boolean),
  };
}
