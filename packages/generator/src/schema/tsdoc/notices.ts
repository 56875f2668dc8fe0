import type { CommentNotice } from './docComment.js';

/**
 * The message data of a TSH025 notice: what it is about (`octocat` of `@octocat`, or the
 * character at fault) and where in the comment, in words (`the @param text of "owner"`).
 * `subject` names what the comment documents: `the member "owner"`, `the method "search"`.
 */
export function noticeData(notice: CommentNotice, subject: string): Record<string, string> {
  const place =
    notice.part === 'param'
      ? `the @param text of "${notice.parameter ?? ''}" (${subject})`
      : notice.part === 'summary'
        ? `the description of ${subject}`
        : notice.part === 'comment'
          ? `the TSDoc of ${subject}`
          : `the @${notice.part} text of ${subject}`;
  return { tag: notice.subject, place };
}
