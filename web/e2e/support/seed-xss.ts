// Seeds a data directory for the XSS suite: the real demo seed, then every vector stored as a
// news title and description, an event title and description, and an album title and description
// (through the API's own repositories). Usage: node web/e2e/support/seed-xss.ts DATA_DIR
import { loadConfig } from '../../../api/src/config.ts';
import { engineOf, migrateToLatest, openDatabase } from '../../../api/src/db/index.ts';
import { seedDemo } from '../../../api/src/seed/seed.ts';
import { schoolToday } from '../../../api/src/school-day.ts';
import { insertAlbum, listAlbums } from '../../../api/src/repositories/albums.ts';
import { insertEvent } from '../../../api/src/repositories/events.ts';
import { insertNews } from '../../../api/src/repositories/news.ts';
import { xssVectors } from '../fixtures/xss-vectors.ts';

/** A 24-hex-digit id like the seed's, distinct per kind of record. */
const id = (kind: number, i: number) => (kind * 0x1000000 + i).toString(16).padStart(24, '0');

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-xss.ts DATA_DIR');
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const db = openDatabase(config.databaseUrl);
const code = config.schoolCode;
try {
  await migrateToLatest(db, { engine: engineOf(config.databaseUrl) });
  const today = schoolToday(config.timeZone);
  await seedDemo(db, config.mediaRoot, today, config.cacheDir, config.demoMediaCache);
  const photo = (await listAlbums(db, code)).find((a) => a.attachments.length > 0)?.attachments[0];
  const date = today.toISOString();
  for (const [i, v] of xssVectors().entries()) {
    await insertNews(db, code, { _id: id(0xa1, i), date, fromDate: date, title: v, description: v, attachments: [] });
    await insertEvent(db, code, {
      _id: id(0xa2, i),
      title: v,
      description: v,
      date,
      fromDate: date,
      location: 'Hall',
      venue: 'Hall',
      time: '10:00 AM',
      images: photo ? [photo] : [],
      attachments: [],
    });
    await insertAlbum(db, code, {
      _id: id(0xa3, i),
      title: v,
      description: v,
      category: 'PhotoGallery',
      date,
      updatedOn: date,
      attachments: photo ? [photo] : [],
    });
  }
  console.log(`seeded ${xssVectors().length} vectors into ${config.databaseUrl}`);
} finally {
  await db.destroy();
}
