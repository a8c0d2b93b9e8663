import { PAGE_SLUGS, SCHOOL_FILE_FORMAT, schoolFileSchema, type SchoolFile } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { findSchoolPage } from '../repositories/school-pages.ts';
import { findSchoolProfile } from '../repositories/school-profiles.ts';

/**
 * A school file (docs/decisions/0023) of the given schools: each one's profile and stored page
 * texts, checked with the contract's schema, for a site whose API_URL server has no school
 * endpoints (SCHOOL_PROFILE_FILE). Throws one line for a school without a profile.
 */
export async function exportSchoolFile(db: Db, codes: string[], now = new Date()): Promise<SchoolFile> {
  const schools: SchoolFile['schools'] = [];
  for (const code of codes) {
    const profile = await findSchoolProfile(db, code);
    if (!profile) throw new Error(`School "${code}" has no profile to export.`);
    const pages: SchoolFile['schools'][number]['pages'] = {};
    for (const slug of PAGE_SLUGS) {
      const page = await findSchoolPage(db, code, slug);
      if (page) Object.assign(pages, { [slug]: page.content });
    }
    schools.push({ code, profile: profile.profile, pages });
  }
  return schoolFileSchema.parse({ format: SCHOOL_FILE_FORMAT, exportedAt: now.toISOString(), schools });
}
