import { getProfile, type SchoolProfile } from '@sthsm/content/profile';
import { schoolCode } from '../../lib/api.server';

/** The profile (address, phones, principal…) of the school this site serves (SCHOOL_CODE). */
export function currentProfile(): SchoolProfile {
  const profile = getProfile(schoolCode());
  if (!profile) throw new Error(`No school profile for SCHOOL_CODE "${schoolCode()}" in @sthsm/content/profile`);
  return profile;
}
