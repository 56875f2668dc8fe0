/*
 * The helpers every emitted validator of a module shares, declared once after the imports.
 * Fixed text: it does not depend on any tool.
 */
export const preamble = String.raw`const __toolgenHasOwn = Object.prototype.hasOwnProperty;

const __toolgenDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

const __toolgenDatePattern = /^\d{4}-\d{2}-\d{2}$/;

const __toolgenTimePattern = /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

const __toolgenEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const __toolgenUuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const __toolgenUrl = (globalThis as unknown as { readonly URL: { new (input: string): unknown; readonly canParse?: (input: string) => boolean } }).URL;

/** The value as a message shows it after "got": JSON, cut short. */
function __toolgenDescribe(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'an array';
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 40 ? value.slice(0, 37).replace(/[\uD800-\uDBFF]$/, '') + '…' : value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return 'an object';
    case 'undefined':
      return 'nothing';
    default:
      return 'a ' + typeof value;
  }
}

/** A key as a JSON Pointer token (RFC 6901). */
function __toolgenEscape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Prefixes the pointers of the issues a def's validator pushed from index from on. */
function __toolgenRebase(issues: ArgumentIssue[], from: number, prefix: string): void {
  for (let index = from; index < issues.length; index++) {
    const issue = issues[index] as ArgumentIssue;
    issues[index] = { ...issue, pointer: prefix + issue.pointer };
  }
}

/** Keys that must never reach an object the validator builds. */
function __toolgenIsReservedKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/** Sets a property, as an own data property even when the key is __proto__. */
function __toolgenPut(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** Whether every own key of record is in keys. */
function __toolgenKeysWithin(record: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const key in record) {
    if (__toolgenHasOwn.call(record, key) && !keys.has(key)) {
      return false;
    }
  }
  return true;
}

/** The length of a string in Unicode code points, as JSON Schema counts it. */
function __toolgenCodePoints(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
      }
    }
    count++;
  }
  return count;
}

function __toolgenTwoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

/** Whether the YYYY-MM-DD at the start of text names a day of the calendar. */
function __toolgenIsCalendarDay(text: string): boolean {
  const year = __toolgenTwoDigits(text, 0) * 100 + __toolgenTwoDigits(text, 2);
  const month = __toolgenTwoDigits(text, 5);
  const day = __toolgenTwoDigits(text, 8);
  if (month < 1 || month > 12 || day < 1) {
    return false;
  }
  if (month === 2) {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    return day <= (leap ? 29 : 28);
  }
  return day <= (month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31);
}

/** Whether the HH:MM:SS at at and the offset ending text are in range. */
function __toolgenIsClock(text: string, at: number): boolean {
  if (__toolgenTwoDigits(text, at) > 23 || __toolgenTwoDigits(text, at + 3) > 59 || __toolgenTwoDigits(text, at + 6) > 59) {
    return false;
  }
  const last = text.charCodeAt(text.length - 1);
  return last === 90 || last === 122 || (__toolgenTwoDigits(text, text.length - 5) <= 23 && __toolgenTwoDigits(text, text.length - 2) <= 59);
}

/** RFC 3339 date-time: YYYY-MM-DDTHH:MM:SS(.frac)?(Z|±HH:MM), T and Z in either case. */
function __toolgenIsDateTime(text: string): boolean {
  return __toolgenDateTimePattern.test(text) && __toolgenIsCalendarDay(text) && __toolgenIsClock(text, 11) && !Number.isNaN(Date.parse(text));
}

/** RFC 3339 full-date: YYYY-MM-DD. */
function __toolgenIsDate(text: string): boolean {
  return __toolgenDatePattern.test(text) && __toolgenIsCalendarDay(text);
}

/** RFC 3339 full-time: HH:MM:SS(.frac)?(Z|±HH:MM). */
function __toolgenIsTime(text: string): boolean {
  return __toolgenTimePattern.test(text) && __toolgenIsClock(text, 0);
}

function __toolgenIsEmail(text: string): boolean {
  return __toolgenEmailPattern.test(text);
}

function __toolgenIsUuid(text: string): boolean {
  return __toolgenUuidPattern.test(text);
}

/** An absolute URI: one the WHATWG URL parser takes without a base. */
function __toolgenIsUri(text: string): boolean {
  if (__toolgenUrl.canParse !== undefined) {
    return __toolgenUrl.canParse(text);
  }
  try {
    new __toolgenUrl(text);
    return true;
  } catch {
    return false;
  }
}
`;
