import path from 'node:path';
import type { WorkspacePathProblem } from './WorkspaceOptions.js';

/** Whose rules a path is read by: the host's unless a caller asks for the other one. */
export type WorkspacePathPlatform = 'posix' | 'win32';

/** What a workspace path says, read by one platform's rules, before the file system is asked. */
export type WorkspacePathSyntax =
  | { readonly ok: true; /** The folder and file names below the root, in order; none for the root itself. */ readonly segments: readonly string[] }
  | { readonly ok: false; readonly problem: WorkspacePathProblem; /** Safe to show the model. */ readonly message: string };

const hostPlatform: WorkspacePathPlatform = process.platform === 'win32' ? 'win32' : 'posix';

// Names Windows maps to devices, whatever the extension (`NUL.txt` is the null device too).
const windowsDeviceName = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;

/**
 * Reads `value` as a workspace path by `platform`'s rules (the host's by default), the way that
 * platform's file system will open it, and says which names it holds below the root.
 *
 * Refused on every platform: a value that is not a string, NUL bytes, UNC and device forms
 * (`\\server\share`, `//server`, `\\?\`), drive forms (`C:\`, `C:`), absolute paths and any `..`
 * segment, with `/` or `\` around it. Then, by platform:
 *
 * - `posix`: any backslash. POSIX file names may contain `\`, so `evil\name` is one name there,
 *   not two; refusing it outright means a check can never read a path differently from the OS.
 * - `win32`: `\` and `/` both separate; names Windows reads differently from how they are
 *   written are refused: device names (`CON`, `NUL.txt`, `COM1`), `:` (alternate data streams),
 *   and a trailing dot or space (Windows drops them, so `a.txt.` opens `a.txt`).
 */
export function parseWorkspacePath(value: unknown, platform: WorkspacePathPlatform = hostPlatform): WorkspacePathSyntax {
  if (typeof value !== 'string') return refuse('not_a_string', 'must be a path string relative to the workspace root.');
  if (value.includes('\0')) return refuse('nul_byte', 'contains a NUL character; remove it.');
  if (/^[\\/]{2}/.test(value)) return refuse('unc_path', 'is a network (UNC) path; use a path relative to the workspace root.');
  if (/^[a-z]:/i.test(value)) return refuse('drive_path', 'names a drive; use a path relative to the workspace root.');
  if (/^[\\/]/.test(value) || path[platform].isAbsolute(value)) return refuse('absolute_path', 'is absolute; use a path relative to the workspace root.');
  // split on both separators here, so that `..\` is refused as a parent segment on every platform
  const segments = value.split(/[\\/]/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return refuse('parent_segment', 'contains "..", which is not allowed; use a path inside the workspace without "..".');
  if (platform === 'posix' && value.includes('\\')) {
    return refuse('backslash', 'contains a backslash, which this system reads as part of a file name, not as a folder separator; use "/" between folders.');
  }
  if (platform === 'win32' && segments.some(isRewrittenByWindows)) {
    return refuse(
      'reserved_name',
      'uses a name Windows reads differently from how it is written (a device name such as CON or NUL, a ":" stream, or a trailing dot or space); use another name.',
    );
  }
  return { ok: true, segments };
}

function isRewrittenByWindows(segment: string): boolean {
  return segment.includes(':') || /[. ]$/.test(segment) || windowsDeviceName.test(segment.replace(/[. ]+$/, ''));
}

function refuse(problem: WorkspacePathProblem, message: string): WorkspacePathSyntax {
  return { ok: false, problem, message };
}
