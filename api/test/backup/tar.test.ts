import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveFormatError, readTar, TarWriter } from '../../src/backup/tar.ts';

// The archive is a plain ustar file: any `tar` lists and extracts it, and our reader gives back
// exactly what was written or says where it is damaged.

const run = promisify(execFile);
let dir: string;
let archive: string;
const big = Buffer.alloc(70_000, 0xab);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sthsm-tar-'));
  archive = path.join(dir, 'a.tar');
  const source = path.join(dir, 'big.bin');
  await writeFile(source, big);
  const writer = await TarWriter.create(archive);
  await writer.addBuffer('manifest.json', Buffer.from('{"hello":"world"}\n'));
  await writer.addFile('media/big', source);
  await writer.addBuffer('empty', Buffer.alloc(0));
  await writer.finish();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function readAll(file: string) {
  const entries: Array<{ name: string; bytes: Buffer }> = [];
  for await (const entry of readTar(file)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.chunks()) chunks.push(chunk);
    entries.push({ name: entry.name, bytes: Buffer.concat(chunks) });
  }
  return entries;
}

describe('backup archive tar format', () => {
  it('is read by the system tar, entry for entry', async () => {
    const { stdout } = await run('tar', ['-tvf', archive]);
    expect(stdout).toMatch(/-rw------- .*\s18 .*manifest\.json/);
    expect(stdout).toMatch(/\s70000 .*media\/big/);
    const { stdout: content } = await run('tar', ['-xOf', archive, 'manifest.json']);
    expect(content).toBe('{"hello":"world"}\n');
  });

  it('reads back exactly what was written', async () => {
    const entries = await readAll(archive);
    expect(entries.map((e) => e.name)).toEqual(['manifest.json', 'media/big', 'empty']);
    expect(entries[1]?.bytes.equals(big)).toBe(true);
    expect(entries[2]?.bytes.length).toBe(0);
  });

  it('never overwrites an existing file', async () => {
    await expect(TarWriter.create(archive)).rejects.toThrow(/EEXIST/);
  });

  it('says an archive cut short is truncated, naming the entry', async () => {
    const cut = path.join(dir, 'cut.tar');
    await writeFile(cut, await readFile(archive));
    await truncate(cut, 512 + 512 + 512 + 1000);
    await expect(readAll(cut)).rejects.toThrow(ArchiveFormatError);
    await expect(readAll(cut)).rejects.toThrow('The archive ends early inside the entry media/big: it is truncated.');
  });
});
