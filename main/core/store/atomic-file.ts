/**
 * Crash-safe file replacement and moving a bad file aside. A reader sees
 * either the old file or the new one, never half of each: the new content
 * goes to a temp file in the same folder (same file system, so the rename is
 * atomic), is flushed to disk, and only then renamed over the old name.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Suffix of the temp files {@link writeFileAtomic} leaves behind only if the process dies mid-write. */
const TEMP_MARK = '.tmp-';

/**
 * Replaces `path` with `data` atomically. The file is created with `mode`
 * (0600 by default: the state holds customers' message drafts).
 */
export async function writeFileAtomic(path: string, data: string, mode = 0o600): Promise<void> {
  const temp = `${path}${TEMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const file = await open(temp, 'w', mode);
    try {
      await file.writeFile(data, 'utf8');
      // Without this, a power cut after the rename can leave an empty file on some file systems.
      await file.sync();
    } finally {
      await file.close();
    }
    await renameWithRetry(temp, path);
  } catch (err) {
    await rm(temp, { force: true }).catch(() => {});
    throw err;
  }
  await syncFolder(dirname(path));
}

/**
 * Windows refuses a rename while another program (an antivirus scanner, a
 * backup tool) briefly holds the target open; a few short retries ride that out.
 */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await rename(from, to);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const transient = process.platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY');
      if (!transient || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** Makes the rename itself durable. Best effort: Windows cannot open a folder for syncing. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const dir = await open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    // Some file systems (network shares) refuse fsync on a folder; the data itself is already synced.
  }
}

/**
 * Moves a bad file aside as `<name>.corrupt-<timestamp>` next to it and
 * returns the new path, so the person (or support) can still look at it.
 */
export async function moveAside(path: string, now: Date): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let n = 0; ; n++) {
    const target = `${path}.corrupt-${stamp}${n === 0 ? '' : `-${n}`}`;
    try {
      // 'wx' claims the name so two recoveries in the same millisecond never overwrite each other.
      const claim = await open(target, 'wx', 0o600);
      await claim.close();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 100) throw err;
      continue;
    }
    try {
      await rename(path, target);
      return target;
    } catch (err) {
      await rm(target, { force: true }).catch(() => {});
      throw err;
    }
  }
}

/** Removes temp files a crash left beside `path`. */
export async function removeStaleTempFiles(path: string): Promise<void> {
  const prefix = `${basename(path)}${TEMP_MARK}`;
  const folder = dirname(path);
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => rm(join(folder, n), { force: true }).catch(() => {})));
}
