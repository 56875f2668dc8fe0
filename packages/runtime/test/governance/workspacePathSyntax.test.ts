import { describe, expect, it } from 'vitest';
import type { WorkspacePathProblem } from '@toolgen/runtime';
import { parseWorkspacePath, type WorkspacePathPlatform } from '@toolgen/runtime/node';

// Issue 14, item 11: a path is read by the host's own rules, so the check and the OS never disagree.
describe('parseWorkspacePath', () => {
  it.each<[string, WorkspacePathPlatform, readonly string[]]>([
    ['src/main.ts', 'posix', ['src', 'main.ts']],
    ['./src//main.ts/', 'posix', ['src', 'main.ts']],
    ['', 'posix', []],
    ['.', 'posix', []],
    ['CON', 'posix', ['CON']],
    ['notes.txt.', 'posix', ['notes.txt.']],
    ['notes:draft', 'posix', ['notes:draft']],
    ['...', 'posix', ['...']],
    ['%2e%2e/outside', 'posix', ['%2e%2e', 'outside']],
    ['src\\main.ts', 'win32', ['src', 'main.ts']],
    ['src/main.ts', 'win32', ['src', 'main.ts']],
    ['src\\deep/file.txt', 'win32', ['src', 'deep', 'file.txt']],
    ['console.txt', 'win32', ['console.txt']],
    ['COM10', 'win32', ['COM10']],
    ['.config\\app.json', 'win32', ['.config', 'app.json']],
  ])('reads %j on %s as %j', (value, platform, segments) => {
    expect(parseWorkspacePath(value, platform)).toEqual({ ok: true, segments });
  });

  it.each<[unknown, WorkspacePathPlatform, WorkspacePathProblem]>([
    ['evil\\name/secret.txt', 'posix', 'backslash'],
    ['src\\main.ts', 'posix', 'backslash'],
    ['trailing\\', 'posix', 'backslash'],
    ['..\\outside', 'posix', 'parent_segment'],
    ['src/../main.ts', 'posix', 'parent_segment'],
    ['..\\outside', 'win32', 'parent_segment'],
    ['src\\..\\..\\outside', 'win32', 'parent_segment'],
    ['/etc/passwd', 'posix', 'absolute_path'],
    ['\\Windows', 'posix', 'absolute_path'],
    ['\\Windows', 'win32', 'absolute_path'],
    ['C:\\Windows', 'posix', 'drive_path'],
    ['C:\\Windows', 'win32', 'drive_path'],
    ['c:notes.txt', 'win32', 'drive_path'],
    ['\\\\server\\share', 'win32', 'unc_path'],
    ['//server/share', 'posix', 'unc_path'],
    ['\\\\?\\C:\\x', 'win32', 'unc_path'],
    ['\\\\.\\pipe\\x', 'win32', 'unc_path'],
    ['a\0b', 'win32', 'nul_byte'],
    ['a\0b', 'posix', 'nul_byte'],
    ['CON', 'win32', 'reserved_name'],
    ['src\\nul.txt', 'win32', 'reserved_name'],
    ['COM1', 'win32', 'reserved_name'],
    ['lpt9.log', 'win32', 'reserved_name'],
    ['conout$', 'win32', 'reserved_name'],
    ['aux ', 'win32', 'reserved_name'],
    ['notes.txt.', 'win32', 'reserved_name'],
    ['notes.txt ', 'win32', 'reserved_name'],
    ['...', 'win32', 'reserved_name'],
    ['notes.txt:secret', 'win32', 'reserved_name'],
    ['notes.txt::$DATA', 'win32', 'reserved_name'],
    [42, 'posix', 'not_a_string'],
  ])('refuses %j on %s as %s', (value, platform, problem) => {
    expect(parseWorkspacePath(value, platform)).toMatchObject({ ok: false, problem });
  });

  it('uses the host platform unless told otherwise', () => {
    const host = process.platform === 'win32' ? 'win32' : 'posix';
    expect(parseWorkspacePath('a\\b')).toEqual(parseWorkspacePath('a\\b', host));
  });
});
