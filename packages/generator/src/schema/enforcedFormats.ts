import type * as generated from '@toolgen/runtime/generated';

/*
 * The string formats the generated validator enforces, and a default's check (shapeRefusal.ts) with the same tests: in
 * schema/, which the analysis (and the ESLint plugin) loads without the emitters.
 */

/** A string format the validator enforces: the runtime helper that tests it, and how messages name it. */
export interface EnforcedFormat {
  /** A helper of `@toolgen/runtime/generated`, `(text: string) => boolean`. */
  readonly test: Extract<keyof typeof generated, `__toolgenIs${string}`>;
  /** What the value must be, with an example: `a date in ISO 8601 form such as "2026-01-31"`. */
  readonly phrase: string;
  /** The value in a few words, for `is required; send …` and type mismatches. */
  readonly noun: string;
}

/**
 * The formats the validator enforces, each as its RFC defines it (date-time, date and time: RFC 3339;
 * email: the RFC 5321 Mailbox; uuid: RFC 4122; uri: an RFC 3986 URI); any other `format` only describes.
 */
export const enforcedFormats: Readonly<Record<string, EnforcedFormat>> = {
  'date-time': {
    test: '__toolgenIsDateTime',
    phrase: 'a date-time in ISO 8601 form such as "2026-01-31T09:00:00Z"',
    noun: 'a date-time string',
  },
  date: { test: '__toolgenIsDate', phrase: 'a date in ISO 8601 form such as "2026-01-31"', noun: 'a date string' },
  time: { test: '__toolgenIsTime', phrase: 'a time in ISO 8601 form such as "09:00:00Z"', noun: 'a time string' },
  email: { test: '__toolgenIsEmail', phrase: 'an email address such as "ada@example.com"', noun: 'an email address' },
  uuid: { test: '__toolgenIsUuid', phrase: 'a UUID such as "123e4567-e89b-12d3-a456-426614174000"', noun: 'a UUID string' },
  uri: { test: '__toolgenIsUri', phrase: 'an absolute URI such as "https://example.com/page"', noun: 'a URI string' },
};

export function enforcedFormat(format: string | undefined): EnforcedFormat | undefined {
  return format !== undefined && Object.hasOwn(enforcedFormats, format) ? enforcedFormats[format] : undefined;
}
