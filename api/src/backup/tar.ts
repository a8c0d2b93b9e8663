import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';

// The subset of POSIX ustar that backup archives need: regular files whose names we choose
// (short ASCII), written from files on disk, read back entry by entry with every header's
// checksum verified. Any `tar` reads the result (docs/decisions/0050).

const BLOCK = 512;
const CHUNK = 1024 * 1024;
/** Sizes beyond 11 octal digits (8 GiB) use the base-256 form GNU tar and libarchive read. */
const OCTAL_SIZE_LIMIT = 0o77777777777;

/** The archive itself is damaged or not one of ours; `entry` names the file concerned. */
export class ArchiveFormatError extends Error {
  entry: string | undefined;
  constructor(message: string, entry?: string) {
    super(message);
    this.entry = entry;
  }
}

function writeString(block: Buffer, offset: number, length: number, value: string): void {
  block.write(value, offset, length, 'ascii');
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  writeString(block, offset, length - 1, value.toString(8).padStart(length - 1, '0'));
}

function headerChecksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return sum;
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (!/^[\x21-\x7e]{1,100}$/.test(name)) throw new Error(`Archive entry name not storable in ustar: ${name}`);
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  if (size <= OCTAL_SIZE_LIMIT) {
    writeOctal(block, 124, 12, size);
  } else {
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(size), 128);
  }
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block[156] = 0x30; // '0': a regular file
  writeString(block, 257, 6, 'ustar');
  writeString(block, 263, 2, '00');
  writeOctal(block, 148, 7, headerChecksum(block));
  block[155] = 0x20;
  return block;
}

export interface WrittenEntry {
  name: string;
  size: number;
  sha256: string;
}

/** Appends entries to an archive file being created; `finish` writes the end marker. */
export class TarWriter {
  #fh: FileHandle;
  #position = 0;

  private constructor(fh: FileHandle) {
    this.#fh = fh;
  }

  /** Creates the file (never overwriting one), readable by its owner only. */
  static async create(file: string): Promise<TarWriter> {
    return new TarWriter(await open(file, 'wx', 0o600));
  }

  async #write(bytes: Buffer): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.#fh.write(bytes, done, bytes.length - done, this.#position);
      done += bytesWritten;
      this.#position += bytesWritten;
    }
  }

  async #pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest !== 0) await this.#write(Buffer.alloc(BLOCK - rest));
  }

  async addBuffer(name: string, bytes: Buffer, mtime = new Date()): Promise<WrittenEntry> {
    // One write per entry: header, bytes and padding together.
    const rest = bytes.length % BLOCK;
    await this.#write(Buffer.concat([header(name, bytes.length, mtime), bytes, Buffer.alloc(rest === 0 ? 0 : BLOCK - rest)]));
    return { name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** Copies a file that nothing else writes any more (a snapshot or staged copy) into the archive. */
  async addFile(name: string, source: string, mtime = new Date()): Promise<WrittenEntry> {
    const input = await open(source, 'r');
    try {
      const size = (await input.stat()).size;
      await this.#write(header(name, size, mtime));
      const hash = createHash('sha256');
      const buffer = Buffer.allocUnsafe(CHUNK);
      let copied = 0;
      while (copied < size) {
        const { bytesRead } = await input.read(buffer, 0, Math.min(CHUNK, size - copied), copied);
        if (bytesRead === 0) throw new Error(`${source} shrank while it was archived`);
        const chunk = buffer.subarray(0, bytesRead);
        hash.update(chunk);
        await this.#write(chunk);
        copied += bytesRead;
      }
      await this.#pad(size);
      return { name, size, sha256: hash.digest('hex') };
    } finally {
      await input.close();
    }
  }

  /** Writes the end-of-archive marker, flushes to disk and closes; returns the archive's size. */
  async finish(): Promise<number> {
    await this.#write(Buffer.alloc(BLOCK * 2));
    await this.#fh.sync();
    await this.#fh.close();
    return this.#position;
  }

  async abort(): Promise<void> {
    await this.#fh.close().catch(() => {});
  }
}

export interface ReadEntry {
  name: string;
  size: number;
  /** Byte offset of the entry's header in the archive (for messages). */
  offset: number;
  /** Reads the entry's bytes in chunks; must be consumed before the next entry is asked for. */
  chunks: () => AsyncGenerator<Buffer>;
}

function parseOctal(block: Buffer, offset: number, length: number): number | null {
  const first = block[offset] ?? 0;
  if (first & 0x80) {
    const value = block.readBigUInt64BE(offset + length - 8);
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
  }
  const text = block
    .toString('ascii', offset, offset + length)
    .replace(/[\0 ]+$/, '')
    .trim();
  return /^[0-7]+$/.test(text) ? Number.parseInt(text, 8) : null;
}

/** The name a damaged header still spells, if it is printable (to help say which entry broke). */
function legibleName(block: Buffer): string | undefined {
  const name = block.toString('latin1', 0, 100).replace(/\0.*$/s, '');
  return /^[\x21-\x7e]{1,100}$/.test(name) ? name : undefined;
}

async function expectZeros(fh: FileHandle, at: number, length: number, message: string, entry: string | undefined): Promise<void> {
  if (length === 0) return;
  const bytes = Buffer.alloc(length);
  await fh.read(bytes, 0, length, at);
  if (!bytes.every((b) => b === 0)) throw new ArchiveFormatError(message, entry);
}

/** Every byte is accounted for: the end marker is two zero blocks, and nothing follows it. */
async function expectEnd(fh: FileHandle, at: number, total: number, last: string | undefined): Promise<void> {
  const after = last ? `after the last entry ${last}` : 'at its start';
  if (at + BLOCK * 2 !== total) {
    throw new ArchiveFormatError(`The archive is damaged ${after}: its end marker is not where the file ends.`, last);
  }
  await expectZeros(fh, at + BLOCK, BLOCK, `The archive is damaged ${after}: its end marker is not zero.`, last);
}

/**
 * Reads an archive entry by entry. Throws ArchiveFormatError naming the entry when a header is
 * damaged, a size is impossible or the file ends early.
 */
export async function* readTar(file: string): AsyncGenerator<ReadEntry> {
  const fh = await open(file, 'r');
  try {
    const total = (await fh.stat()).size;
    let position = 0;
    let previous: string | undefined;
    const block = Buffer.alloc(BLOCK);
    for (;;) {
      const where = previous ? `after the entry ${previous}` : 'at its start';
      if (position + BLOCK > total) throw new ArchiveFormatError(`The archive ends early (${where}): it is truncated.`, previous);
      await fh.read(block, 0, BLOCK, position);
      if (block.every((b) => b === 0)) {
        await expectEnd(fh, position, total, previous);
        return;
      }
      const stored = parseOctal(block, 148, 8);
      if (stored === null || stored !== headerChecksum(block)) {
        const named = legibleName(block);
        throw new ArchiveFormatError(
          `The archive is damaged at byte ${position}: the header of the entry ${where}${named ? ` (${named})` : ''} fails its checksum.`,
          named ?? previous,
        );
      }
      const name = block.toString('ascii', 0, 100).replace(/\0.*$/s, '');
      const size = parseOctal(block, 124, 12);
      const type = String.fromCharCode(block[156] ?? 0);
      if (size === null || (type !== '0' && type !== '\0')) {
        throw new ArchiveFormatError(`The archive entry ${name} at byte ${position} is not a plain file this program wrote.`, name);
      }
      const start = position + BLOCK;
      if (start + size > total) throw new ArchiveFormatError(`The archive ends early inside the entry ${name}: it is truncated.`, name);
      yield {
        name,
        size,
        offset: position,
        chunks: async function* () {
          const buffer = Buffer.allocUnsafe(CHUNK);
          let read = 0;
          while (read < size) {
            const { bytesRead } = await fh.read(buffer, 0, Math.min(CHUNK, size - read), start + read);
            if (bytesRead === 0) throw new ArchiveFormatError(`The archive ends early inside the entry ${name}.`, name);
            read += bytesRead;
            yield Buffer.from(buffer.subarray(0, bytesRead));
          }
        },
      };
      const padded = Math.ceil(size / BLOCK) * BLOCK;
      await expectZeros(
        fh,
        start + size,
        padded - size,
        `The archive is damaged just after the entry ${name}: its padding is not zero.`,
        name,
      );
      previous = name;
      position = start + padded;
    }
  } finally {
    await fh.close();
  }
}
