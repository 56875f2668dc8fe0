import { constants } from 'node:fs';
import { lstat, mkdir, open, readlink, realpath, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { WorkspacePathAccess } from '../governance.js';
import { isInside, resolveWorkspacePath } from './checkWorkspacePath.js';
import type { WorkspaceOptions, WorkspacePathProblem } from './WorkspaceOptions.js';
import { isWorkspaceFileErrorCode, WorkspaceFileError } from './WorkspaceFileError.js';
import { WorkspacePathError } from './WorkspacePathError.js';

/** How `openWorkspaceFile` opens a file for `write`; ignored for `read`. */
export interface OpenWorkspaceFileOptions {
  /** Keep the content and write at its end; otherwise an existing file is emptied once it is verified. */
  readonly append?: boolean;
  /** Refuse (with the file system's `EEXIST`) when the file exists already. */
  readonly exclusive?: boolean;
  /** Create missing folders on the way, each one inside the folder opened before it. */
  readonly createFolders?: boolean;
  /** The parameter the path came from, named in refusals; `path` unless given. */
  readonly parameter?: string;
}

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_APPEND } = constants;
// undefined on Windows, which has neither
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;

type Refuse = (problem: WorkspacePathProblem, message: string) => WorkspacePathError;

const changedMessage = 'changed while it was being opened (a folder or file on the way was replaced, e.g. by a link), so it was not opened; try again.';

/**
 * Opens the workspace path `value` the way `checkWorkspacePath` checked it, and makes sure the
 * file it opened is that one: tools that open paths themselves lose a race with anyone who can
 * swap a folder for a link between the check and the open; this does not.
 *
 * 1. `value` is checked again now, for `access` (`read`, or `write` with its extra rules);
 * 2. on Linux, each folder below the real root is opened in turn relative to the folder opened
 *    before it (through `/proc/self/fd`), never following a link, and so is the file itself: a
 *    link that appears anywhere on the way after the check, or a folder moved out of the
 *    workspace, refuses the open with the problem `path_changed`. The opened file's own path
 *    (read back from its descriptor) must be inside the root. A file is created only inside the
 *    folder that was opened this way, and an existing one is not emptied before it is verified,
 *    so a write changes nothing outside the root; should a folder on the way be moved out of the
 *    workspace meanwhile, the open is refused and the file it created there removed again;
 * 3. elsewhere (macOS, Windows), the path is opened (without following a link as its last
 *    component, where the system can), and then verified: its real path must still be the checked
 *    one and name the same file (device and inode) as the open descriptor. This detects a swap
 *    that is still in place, or was undone, after the open; a swap undone between the open and the
 *    verification goes unnoticed, and a refused create may leave an empty file where the swapped
 *    link led;
 * 4. for `write`, a file with other hard links is refused after opening too, and an existing file
 *    is only emptied (unless `append`) once it passed every check.
 *
 * Not guaranteed: a hard link inside the workspace to a file outside it is read like any file
 * there (the OS cannot tell which of its names is "the real one"; writes to such files are
 * refused); a file renamed out of the workspace after it was opened stays open; and what the
 * tool does with the handle afterwards, or with any other path it builds, is its own business.
 *
 * Rejects with a `WorkspacePathError` (safe to show the model) when the path is refused; with a
 * `WorkspaceFileError`, a `ToolFailure` too, carrying the file system's `code`, for a path with no
 * file (`ENOENT`), a folder (`EISDIR`), a file on the way (`ENOTDIR`) or, with `exclusive`, a file
 * that exists (`EEXIST`); and with the file system's error otherwise (`EACCES`, ...).
 * The caller closes the handle.
 */
export async function openWorkspaceFile(
  workspace: WorkspaceOptions,
  value: unknown,
  access: WorkspacePathAccess,
  options: OpenWorkspaceFileOptions = {},
): Promise<FileHandle> {
  const refuse: Refuse = (problem, message) => new WorkspacePathError(options.parameter ?? 'path', value, problem, message);
  if (typeof workspace !== 'object' || workspace === null || typeof workspace.root !== 'string') {
    throw refuse('no_workspace', 'cannot be opened: there is no workspace.');
  }
  if (access !== 'read' && access !== 'write') throw new TypeError(`The access ${JSON.stringify(access) ?? 'undefined'} is neither "read" nor "write".`);
  const check = await resolveWorkspacePath(workspace, value, access);
  if (!check.ok) throw refuse(check.problem, check.message);
  try {
    return await ((await hasDescriptorPaths())
      ? openFolderByFolder(check.root, check.path, access, options, refuse)
      : openThenCompare(check.root, check.path, access, options, refuse));
  } catch (error) {
    // no such file, a folder: the model's to correct, so it reads which (the code stays the error's `code`)
    const code = errorCode(error);
    if (!(error instanceof WorkspacePathError) && isWorkspaceFileErrorCode(code)) throw new WorkspaceFileError(options.parameter ?? 'path', String(value), code, { cause: error });
    throw error;
  }
}

async function openFolderByFolder(root: string, target: string, access: WorkspacePathAccess, options: OpenWorkspaceFileOptions, refuse: Refuse): Promise<FileHandle> {
  const names = path.relative(root, target).split(path.sep).filter((name) => name !== '');
  let folder = await openEntry(root, O_RDONLY | O_DIRECTORY, refuse);
  let folderReturned = false;
  try {
    await verifyInside(folder, root, refuse);
    if (names.length === 0) {
      folderReturned = true;
      return folder;
    }
    for (const name of names.slice(0, -1)) {
      const entry = `${descriptorPath(folder)}/${name}`;
      const next = await openEntry(entry, O_RDONLY | O_DIRECTORY, refuse).catch(async (error: unknown) => {
        if (errorCode(error) !== 'ENOENT' || access !== 'write' || options.createFolders !== true) throw error;
        await mkdir(entry).catch((made: unknown) => {
          if (errorCode(made) !== 'EEXIST') throw made;
        });
        return openEntry(entry, O_RDONLY | O_DIRECTORY, refuse);
      });
      await folder.close();
      folder = next;
    }
    const entry = `${descriptorPath(folder)}/${names.at(-1)!}`;
    const { file, created } = access === 'read' ? { file: await openEntry(entry, O_RDONLY, refuse), created: false } : await openForWrite(entry, options, refuse);
    try {
      await verifyInside(file, root, refuse);
      if (access === 'write') await prepareForWrite(file, created, options, refuse);
      return file;
    } catch (error) {
      await file.close();
      // `entry` goes through the folder's descriptor, so it names the file that was created
      if (created) await unlink(entry).catch(() => undefined);
      throw error;
    }
  } finally {
    if (!folderReturned) await folder.close();
  }
}

async function openThenCompare(root: string, target: string, access: WorkspacePathAccess, options: OpenWorkspaceFileOptions, refuse: Refuse): Promise<FileHandle> {
  const { file, created } = access === 'read' ? { file: await openEntry(target, O_RDONLY, refuse), created: false } : await openForWrite(target, options, refuse);
  try {
    const opened = await file.stat({ bigint: true });
    const real = await realpath(target).catch(() => undefined);
    if (real !== target || !isInside(root, real)) throw refuse('path_changed', changedMessage);
    const named = await stat(real, { bigint: true });
    if (named.dev !== opened.dev || named.ino !== opened.ino) throw refuse('path_changed', changedMessage);
    if (access === 'write') await prepareForWrite(file, created, options, refuse);
    return file;
  } catch (error) {
    await file.close();
    throw error;
  }
}

/** Opens `entry` without following a link as its last component; a link there means the path changed since the check. */
async function openEntry(entry: string, flags: number, refuse: Refuse): Promise<FileHandle> {
  try {
    return await open(entry, flags | O_NOFOLLOW);
  } catch (error) {
    const code = errorCode(error);
    // Linux says ENOTDIR, not ELOOP, for a link opened with O_DIRECTORY | O_NOFOLLOW
    if (code === 'ELOOP' || (code === 'ENOTDIR' && (await isLink(entry)))) throw refuse('path_changed', changedMessage);
    throw error;
  }
}

/** Creates the file, or opens the existing one without emptying it; says which. */
async function openForWrite(entry: string, options: OpenWorkspaceFileOptions, refuse: Refuse): Promise<{ file: FileHandle; created: boolean }> {
  const flags = O_WRONLY | (options.append === true ? O_APPEND : 0);
  if (options.exclusive === true) return { file: await openEntry(entry, flags | O_CREAT | O_EXCL, refuse), created: true };
  // a file that keeps appearing and disappearing between the two opens is a race too
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return { file: await openEntry(entry, flags | O_CREAT | O_EXCL, refuse), created: true };
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    try {
      return { file: await openEntry(entry, flags, refuse), created: false };
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
  }
  throw refuse('path_changed', changedMessage);
}

async function prepareForWrite(file: FileHandle, created: boolean, options: OpenWorkspaceFileOptions, refuse: Refuse): Promise<void> {
  const stats = await file.stat();
  if (stats.isFile() && stats.nlink > 1) {
    throw refuse('hard_link', 'is a file with other hard links, which cannot be written; write a new file instead.');
  }
  if (!created && options.append !== true) await file.truncate(0);
}

/** The opened file's path, as the kernel knows it, must be inside the root. */
async function verifyInside(handle: FileHandle, root: string, refuse: Refuse): Promise<void> {
  const where = await readlink(descriptorPath(handle)).catch(() => undefined);
  if (where === undefined || !isInside(root, where.replace(/ \(deleted\)$/, ''))) throw refuse('path_changed', changedMessage);
}

function descriptorPath(handle: FileHandle): string {
  return `/proc/self/fd/${handle.fd}`;
}

let descriptorPaths: Promise<boolean> | undefined;

/** Whether files can be opened relative to an open folder through `/proc/self/fd` (Linux with /proc mounted). */
function hasDescriptorPaths(): Promise<boolean> {
  descriptorPaths ??=
    process.platform !== 'linux'
      ? Promise.resolve(false)
      : (async () => {
          const handle = await open('/', O_RDONLY | O_DIRECTORY).catch(() => undefined);
          if (handle === undefined) return false;
          try {
            return (await readlink(descriptorPath(handle)).catch(() => undefined)) === '/';
          } finally {
            await handle.close();
          }
        })();
  return descriptorPaths;
}

async function isLink(entry: string): Promise<boolean> {
  return (await lstat(entry).catch(() => undefined))?.isSymbolicLink() === true;
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}
