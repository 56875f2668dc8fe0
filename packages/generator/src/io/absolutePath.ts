import path from 'node:path';

const absolutePaths = new Map<string, string>();

/** `path.resolve` of a program's file name, remembered: the watcher asks for every file's at every change. */
export function absolutePath(fileName: string): string {
  let absolute = absolutePaths.get(fileName);
  if (absolute === undefined) {
    absolute = path.resolve(fileName);
    absolutePaths.set(fileName, absolute);
  }
  return absolute;
}
