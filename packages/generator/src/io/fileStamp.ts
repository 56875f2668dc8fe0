import { lstatSync, type BigIntStats } from 'node:fs';

/**
 * What identifies one version of a file without reading it: device, inode, size and modification
 * time (in nanoseconds). A file replaced (a rename over it, a `git checkout`), edited or deleted
 * gets another stamp, or none.
 */
export type FileStamp = string;

/** The stamp of the regular file at `file`; undefined when there is none there (or it cannot be seen). */
export function fileStamp(file: string): FileStamp | undefined {
  try {
    return stampOf(lstatSync(file, { bigint: true }));
  } catch {
    return undefined;
  }
}

/** The stamp of a file's stats; undefined when they are not a regular file's. */
export function stampOf(stats: BigIntStats): FileStamp | undefined {
  return stats.isFile() ? `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}` : undefined;
}
