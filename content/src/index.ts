export { buildDemo, buildDemoRecords } from './demo.ts';
export { getProfile, profiles, type SchoolProfile } from './profile.ts';
export { siteImages, siteDocuments, allSiteImages, type SiteImage } from './media-catalog.ts';
export type { DemoData, DemoFile, SchoolSeed } from './types.ts';
