import { getProfile, type SchoolProfile } from '@sthsm/content/profile';
import { schoolCode } from './api.server';

/** The site's public origin, for canonical URLs, JSON-LD, /sitemap.xml and /robots.txt. */
export function siteUrl(): string {
  return (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`).replace(/\/+$/, '');
}

/** The school facts the header, footer and JSON-LD show (a subset of the profile). */
export type ShellSchool = Pick<
  SchoolProfile,
  | 'code' | 'name' | 'shortName' | 'fullName' | 'tagline' | 'address' | 'addressLine' | 'phones' | 'email'
  | 'emails' | 'website' | 'social' | 'map' | 'app' | 'established' | 'copyrightYear' | 'developer'
> & { parentLoginUrl: string };

export function shellSchool(): ShellSchool {
  const code = schoolCode();
  const profile = getProfile(code);
  if (!profile) throw new Error(`No school profile for SCHOOL_CODE=${code}`);
  const {
    name, shortName, fullName, tagline, address, addressLine, phones, email, emails, website, social, map, app,
    established, copyrightYear, developer, parentPortal,
  } = profile;
  return {
    code: profile.code, name, shortName, fullName, tagline, address, addressLine, phones, email, emails, website,
    social, map, app, established, copyrightYear, developer, parentLoginUrl: parentPortal.loginUrl,
  };
}
