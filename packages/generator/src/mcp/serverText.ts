/*
 * How `toolgen import-mcp` prints text it did not write (an MCP server's tool names, titles,
 * descriptions and schemas, the command line it was run with): as data, never as code. Text
 * goes into a comment through `commentText` and into code through `stringLiteral`, and nowhere
 * else; identifiers are derived (`words`, in printClientModule.ts) or validated
 * (`serverNamePattern`), never copied.
 */

/** What `--server` may be: the module's identifiers (`createGithubClient`, `githubToolNames`) derive from it. */
export const serverNamePattern = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Every line break JavaScript knows, in comments and elsewhere: a `//` comment ends at any of them. */
const lineBreaks = /\r\n|[\n\r\u2028\u2029]/g;

/** How much of one text a comment holds, as the runtime's MCP import cuts a description (`maxDescriptionLength`). */
const maxCommentText = 10_000;

/**
 * Characters that would hide or reorder what a reviewer of the module reads: control characters (a NUL, an escape
 * sequence) and the bidirectional overrides and isolates of "Trojan Source". A comment shows each as `\u{202E}`.
 */
const hiddenCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * `text` made safe inside a comment. No `*\/` is left to close a block comment (each becomes
 * `*\/`, which reads the same), and the line breaks are `\n`, the one break a block comment's
 * printer splits into ` * ` lines; for a `//` comment (`line`), every run of white space,
 * line breaks included, is one space, so the text cannot end the comment early either. Control
 * and bidirectional characters are shown as escapes, and a text longer than 10,000 characters is cut.
 *
 * ```ts
 * commentText('one\u2028two', 'line'); // 'one two'
 * commentText('a\u202Eb'); // 'a\\u{202E}b'
 * ```
 */
export function commentText(text: string, layout: 'block' | 'line' = 'block'): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(maxCommentText - 1)) ? maxCommentText - 1 : maxCommentText;
  const cut = text.length <= maxCommentText ? text : `${text.slice(0, end)}… [cut by toolgen: the server sent ${text.length.toLocaleString('en-US')} characters]`;
  const escaped = shownHidden(cut).replaceAll('*/', '*\\/').replace(lineBreaks, '\n');
  return layout === 'line' ? escaped.replace(/\s+/g, ' ').trim() : escaped;
}

/**
 * `text` as a double-quoted string literal: JSON's escapes, and U+2028 and U+2029 escaped too,
 * so the literal is one line and reads the same to every parser. A backtick or `${` in it is
 * just text: the quotes are not a template's.
 *
 * ```ts
 * stringLiteral('a"b\u2028'); // '"a\\"b\\u2028"'
 * ```
 */
export function stringLiteral(text: string): string {
  return shownHidden(JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));
}

/**
 * Control and bidirectional characters (`hiddenCharacters`) as the escape `\u{202E}`: the same character in a string
 * literal, and text a reader sees in a comment.
 */
export function shownHidden(text: string): string {
  return text.replace(hiddenCharacters, (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`);
}

/** The words of a name, for the identifiers derived from it: `list_issues` → list, issues; `getHTTPStatus` → get, http, status. Only ASCII letters and digits survive. */
export function words(name: string): string[] {
  return name
    // a letter with an accent is the letter (ü → u): identifiers are ASCII, and the letter is kept, not the accent
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

export function camelCase(parts: readonly string[]): string {
  return parts.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

export function pascalCase(parts: readonly string[]): string {
  return parts.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}
