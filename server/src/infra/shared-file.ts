import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * A file under DATA_DIR that several processes (the launcher, the server, the worker, the CLI) read
 * and the first of them creates: development keys, the instance id. The content is written in full
 * to a private temporary file and then linked into place, which fails when the file exists: a reader
 * never sees a half-written file, and a second creator never replaces the first one's content (it
 * reads it instead). An existing file is never overwritten; `valid` rejects one that is damaged.
 */
export function readOrCreateSharedFile(
  file: string,
  create: () => string,
  valid: (content: string) => boolean,
): string {
  const existing = readIfPresent(file);
  if (existing === undefined) {
    mkdirSync(path.dirname(file), { recursive: true });
    const scratch = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const fd = openSync(scratch, 'wx', 0o600);
    try {
      writeSync(fd, create());
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(scratch, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // File systems without hard links: rename, which only loses a race no caller runs into
      // (the launcher creates the files before it starts anything else).
      if (code !== 'EEXIST') renameSync(scratch, file);
    } finally {
      rmSync(scratch, { force: true });
    }
  }
  const content = existing ?? readFileSync(file, 'utf8');
  if (!valid(content)) {
    throw new Error(`${file} is damaged (it is never overwritten): restore it, or delete it to have a new one made.`);
  }
  return content;
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
