import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('backup configuration', () => {
  it('defaults to DATA_DIR/backups, keeping 7, daily at 02:30', () => {
    const c = loadConfig({ DATA_DIR: '/srv/school' });
    expect(c).toMatchObject({ backupDir: '/srv/school/backups', backupKeep: 7, backupAt: '02:30' });
  });

  it('takes BACKUP_DIR, BACKUP_KEEP and BACKUP_AT (or off)', () => {
    const c = loadConfig({ BACKUP_DIR: 'rel/backups', BACKUP_KEEP: '30', BACKUP_AT: '3:05' });
    expect(c).toMatchObject({ backupDir: path.resolve('rel/backups'), backupKeep: 30, backupAt: '03:05' });
    expect(loadConfig({ BACKUP_AT: 'OFF' }).backupAt).toBeNull();
  });

  it('stops with one line naming a bad value', () => {
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/^Invalid configuration: BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_AT: '25:00' })).toThrow(
      /^Invalid configuration: BACKUP_AT must be a time of day such as 02:30, or off$/,
    );
    expect(() => loadConfig({ BACKUP_AT: 'nightly' })).toThrow(/BACKUP_AT/);
  });
});
