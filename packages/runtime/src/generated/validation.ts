import { argumentLimits, type ArgumentIssue } from '../errors/ToolFailure.js';

/*
 * The helpers generated validators call. For generated code, not for hand-written code: names and
 * signatures change with the generator, which always ships with a runtime that has them. Their
 * names start with `__toolgen`, which no name a module declares for a tool does.
 *
 * A generated module imports from here the helpers off its hot path (the format grammars, depth,
 * the strict normalizer's entries, rebasing). The few that run on every call (reading keys,
 * recording an issue, describing a value) it copies from this file's text instead, declaration by
 * declaration, because V8 does not inline a call into another module: a validator calling them
 * here took 1.6 times as long on valid arguments (bench/notes/generated.md). This file is the only
 * place they are written. The format checks follow their RFCs' grammars (RFC 3339, RFC 5321,
 * RFC 4122, RFC 3986); the generator's tests hold them against oracles built from the ABNF itself.
 */

/** The argument limits, as the helpers read them. */
export const __toolgenMaxDepth = argumentLimits.maxDepth;

export const __toolgenMaxEchoLength = argumentLimits.maxEchoLength;

export const __toolgenMaxRecordedIssues = argumentLimits.maxRecordedIssues;

/**
 * `T`, where `T` (a method's parameter type) must fit `S` (the type toolgen wrote for it): how a
 * generated module passes an argument whose written type cannot name the method's own (a string
 * enum, a template literal type, a class with methods). A parameter type changed since toolgen
 * wrote the module so that it no longer fits fails here.
 */
export type __toolgenWithin<T extends S, S> = T;

export const __toolgenHasOwn = Object.prototype.hasOwnProperty;

export const __toolgenDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

export const __toolgenDatePattern = /^\d{4}-\d{2}-\d{2}$/;

export const __toolgenTimePattern = /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** RFC 5321 Mailbox: a dot-string or quoted-string local part, then a domain or an address literal in brackets. */
export const __toolgenEmailPattern = /^(?:[\w!#$%&'*+/=?^\`{|}~-]+(?:\.[\w!#$%&'*+/=?^\`{|}~-]+)*|"(?:[ !#-[\]-~]|\\[ -~])*")@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[^[\]]*\])$/;

export const __toolgenUuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * RFC 3986 URI: scheme ":" hier-part ["?" query] ["#" fragment], where hier-part is "//"
 * authority path-abempty or a path not starting with "//". An IP-literal host is checked apart.
 */
export const __toolgenUriPattern = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/(?:(?:[\w.~!$&'()*+,;=:-]|%[0-9A-Fa-f]{2})*@)?(?:\[[^[\]]*\]|(?:[\w.~!$&'()*+,;=-]|%[0-9A-Fa-f]{2})*)(?::\d*)?(?:\/(?:[\w.~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})*)*|(?!\/\/)(?:[\w.~!$&'()*+,;=:@\/-]|%[0-9A-Fa-f]{2})*)(?:\?(?:[\w.~!$&'()*+,;=:@\/?-]|%[0-9A-Fa-f]{2})*)?(?:#(?:[\w.~!$&'()*+,;=:@\/?-]|%[0-9A-Fa-f]{2})*)?$/;

/** RFC 3986 IPvFuture: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ). */
export const __toolgenIpFuturePattern = /^[Vv][0-9A-Fa-f]+\.[\w.~!$&'()*+,;=:-]+$/;

/** RFC 3986 IPv4address: four decimal octets from 0 to 255, without leading zeros. */
export const __toolgenIpv4Pattern = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** RFC 5321 IPv4-address-literal: four numbers of one to three digits. */
export const __toolgenSnumPattern = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export const __toolgenHexGroupPattern = /^[0-9A-Fa-f]{1,4}$/;

export const __toolgenUrl = (globalThis as unknown as { readonly URL: new (input: string) => unknown }).URL;

/** Each issue past the first `maxRecordedIssues`: counted, never described (its pointer and message would cost what a flood of them must not). */
export const __toolgenUnrecorded: ArgumentIssue = Object.freeze({ pointer: '', message: `is one more problem past the first ${__toolgenMaxRecordedIssues}` });

/** Thrown where an object or array lies deeper than the nesting limit; the tool's validator catches it. */
export const __toolgenTooDeep = new RangeError(`toolgen: the arguments nest objects and arrays more than ${__toolgenMaxDepth} levels deep`);

/** The value as a message shows it after "got": JSON, cut short. */
export function __toolgenDescribe(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'an array';
  }
  switch (typeof value) {
    case 'string':
      return value.length > __toolgenMaxEchoLength ? JSON.stringify(value.slice(0, __toolgenMaxEchoLength - 3).replace(/[\uD800-\uDBFF]$/, '') + '…') : __toolgenIsPlain(value) ? '"' + value + '"' : JSON.stringify(value);
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

/** Whether JSON.stringify would write text between quotes unchanged: no quote, backslash, control character or surrogate. */
export function __toolgenIsPlain(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) {
      return false;
    }
  }
  return true;
}

/** The strict normalizer of a tool whose openai-strict arguments already have the canonical form: they pass unchanged. */
export function __toolgenUnchanged(input: unknown): unknown {
  return input;
}

/** A key as a JSON Pointer token (RFC 6901). */
export function __toolgenEscape(key: string): string {
  return key.indexOf('~') === -1 && key.indexOf('/') === -1 ? key : key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Records one issue; past the first `maxRecordedIssues`, the shared one that only counts. */
export function __toolgenIssue(issues: ArgumentIssue[], pointer: string, message: string, expected?: ArgumentIssue['expected']): void {
  issues.push(issues.length >= __toolgenMaxRecordedIssues ? __toolgenUnrecorded : expected === undefined ? { pointer, message } : { pointer, message, expected });
}

/** How many own enumerable keys record has. */
export function __toolgenOwnKeyCount(record: Record<string, unknown>): number {
  let count = 0;
  for (const key in record) {
    if (__toolgenHasOwn.call(record, key)) {
      count++;
    }
  }
  return count;
}

/** Records an issue at prefix/key for each own key of record that is not declared (null: none is). */
export function __toolgenExtraKeys(issues: ArgumentIssue[], record: Record<string, unknown>, declared: ReadonlySet<string> | null, prefix: string, message: string): void {
  for (const key in record) {
    if (__toolgenHasOwn.call(record, key) && (declared === null || !declared.has(key))) {
      __toolgenIssue(issues, prefix + '/' + __toolgenEscape(key), message);
    }
  }
}

/** Records one issue whose message ends with the value described (text ends in "got "); past the first `maxRecordedIssues`, the shared one. */
export function __toolgenGot(issues: ArgumentIssue[], pointer: string, text: string, value: unknown, expected?: ArgumentIssue['expected']): void {
  if (issues.length >= __toolgenMaxRecordedIssues) {
    issues.push(__toolgenUnrecorded);
  } else {
    const message = text + __toolgenDescribe(value);
    issues.push(expected === undefined ? { pointer, message } : { pointer, message, expected });
  }
}

/** Prefixes the pointers of the issues a def's validator pushed from index from on. */
export function __toolgenRebase(issues: ArgumentIssue[], from: number, prefix: string): void {
  for (let index = from; index < issues.length; index++) {
    const issue = issues[index] as ArgumentIssue;
    if (issue !== __toolgenUnrecorded) {
      issues[index] = { ...issue, pointer: prefix + issue.pointer };
    }
  }
}

/** Ends a validation that reached the nesting limit: the issues it pushed give way to the one saying so. */
export function __toolgenNestedTooDeep(error: unknown, issues: ArgumentIssue[], start: number): Record<string, unknown> {
  if (error !== __toolgenTooDeep) {
    throw error;
  }
  issues.length = start;
  issues.push({ pointer: '', message: `must nest objects and arrays at most ${__toolgenMaxDepth} levels deep; got deeper nesting` });
  return {};
}

/** Keys an object the validator builds holds only as own data properties, defined rather than assigned, so none reaches a prototype. */
export function __toolgenIsReservedKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/** Defines an own data property: assigning __proto__ would set the prototype instead. */
export function __toolgenDefine(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Sets a map entry: a reserved key as an own data property, any other by assignment. */
export function __toolgenPut(target: Record<string, unknown>, key: string, value: unknown): void {
  if (__toolgenIsReservedKey(key)) {
    __toolgenDefine(target, key, value);
  } else {
    target[key] = value;
  }
}

/**
 * A map as the openai-strict and gemini variants send it, {"entries": [{"key": …, "value": …}]}: the object the
 * entries spell, a key given twice keeping its last value (as in JSON text); undefined when value is not in that form.
 */
export function __toolgenFromEntries(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !__toolgenHasOwn.call(value, 'entries') || __toolgenOwnKeyCount(value as Record<string, unknown>) !== 1) {
    return undefined;
  }
  const entries = (value as Record<string, unknown>)['entries'];
  if (!Array.isArray(entries)) {
    return undefined;
  }
  const built: Record<string, unknown> = {};
  for (const entry of entries as readonly unknown[]) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return undefined;
    }
    const record = entry as Record<string, unknown>;
    const key = record['key'];
    if (typeof key !== 'string' || !__toolgenHasOwn.call(record, 'key') || !__toolgenHasOwn.call(record, 'value') || __toolgenOwnKeyCount(record) !== 2) {
      return undefined;
    }
    __toolgenPut(built, key, record['value']);
  }
  return built;
}

/**
 * Any value as the openai-strict variant sends it, each object as {"entries": [{"key": …, "value": …}]}: the value
 * it spells. What is not in that form is left as it is; past the nesting limit, everything is.
 */
export function __toolgenFromJsonValue(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > __toolgenMaxDepth) {
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown) => __toolgenFromJsonValue(item, depth + 1));
  }
  const built = __toolgenFromEntries(value);
  if (built === undefined) {
    return value;
  }
  for (const key in built) {
    __toolgenPut(built, key, __toolgenFromJsonValue(built[key], depth + 1));
  }
  return built;
}

/** Whether every own key of record is in keys. */
export function __toolgenKeysWithin(record: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const key in record) {
    if (__toolgenHasOwn.call(record, key) && !keys.has(key)) {
      return false;
    }
  }
  return true;
}

/** The length of a string in Unicode code points, as JSON Schema counts it. */
export function __toolgenCodePoints(text: string): number {
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

export function __toolgenTwoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

/** Whether the YYYY-MM-DD at the start of text names a day of the calendar. */
export function __toolgenIsCalendarDay(text: string): boolean {
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

/**
 * Whether the HH:MM:SS at at and the offset ending text are in range. Second 60 is a leap
 * second: only in the last minute of a UTC day (23:59 after the offset), as RFC 3339 allows it.
 */
export function __toolgenIsClock(text: string, at: number): boolean {
  const hour = __toolgenTwoDigits(text, at);
  const minute = __toolgenTwoDigits(text, at + 3);
  const second = __toolgenTwoDigits(text, at + 6);
  const last = text.charCodeAt(text.length - 1);
  const utc = last === 90 || last === 122;
  const offsetHour = utc ? 0 : __toolgenTwoDigits(text, text.length - 5);
  const offsetMinute = utc ? 0 : __toolgenTwoDigits(text, text.length - 2);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) {
    return false;
  }
  if (second < 60) {
    return true;
  }
  const offset = (offsetHour * 60 + offsetMinute) * (text.charCodeAt(text.length - 6) === 45 ? -1 : 1);
  return (hour * 60 + minute - offset + 1440) % 1440 === 1439;
}

/** RFC 3339 date-time: YYYY-MM-DDTHH:MM:SS(.frac)?(Z|±HH:MM), T and Z in either case. */
export function __toolgenIsDateTime(text: string): boolean {
  return __toolgenDateTimePattern.test(text) && __toolgenIsCalendarDay(text) && __toolgenIsClock(text, 11);
}

/** RFC 3339 full-date: YYYY-MM-DD. */
export function __toolgenIsDate(text: string): boolean {
  return __toolgenDatePattern.test(text) && __toolgenIsCalendarDay(text);
}

/** RFC 3339 full-time: HH:MM:SS(.frac)?(Z|±HH:MM). */
export function __toolgenIsTime(text: string): boolean {
  return __toolgenTimePattern.test(text) && __toolgenIsClock(text, 0);
}

/** text with a leap second at at (second 60, any fraction) as 59.999: Date cannot hold second 60. */
export function __toolgenWithoutLeapSecond(text: string, at: number): string {
  if (text.charCodeAt(at) !== 54) {
    return text;
  }
  let end = at + 2;
  if (text.charCodeAt(end) === 46) {
    do {
      end++;
    } while (text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57);
  }
  return text.slice(0, at) + '59.999' + text.slice(end);
}

/** The Date of an RFC 3339 date-time; a leap second becomes the last millisecond before it (23:59:59.999 UTC). */
export function __toolgenDateTimeOf(text: string): Date {
  return new Date(__toolgenWithoutLeapSecond(text, 17));
}

/** The Date of an RFC 3339 full-time on 1970-01-01; a leap second becomes the last millisecond before it. */
export function __toolgenTimeOf(text: string): Date {
  return new Date('1970-01-01T' + __toolgenWithoutLeapSecond(text, 6));
}

/** RFC 5321 Mailbox. Of the address literals, IPv4 and IPv6 ones: no other tag is registered. */
export function __toolgenIsEmail(text: string): boolean {
  if (!__toolgenEmailPattern.test(text)) {
    return false;
  }
  if (text.charCodeAt(text.length - 1) !== 93) {
    return true;
  }
  const literal = text.slice(text.lastIndexOf('[') + 1, -1);
  return /^IPv6:/i.test(literal) ? __toolgenIsIpv6(literal.slice(5), 2, __toolgenIsSnum) : __toolgenIsSnum(literal);
}

/** RFC 5321 IPv4-address-literal: four Snum, each at most 255. */
export function __toolgenIsSnum(text: string): boolean {
  if (!__toolgenSnumPattern.test(text)) {
    return false;
  }
  for (const part of text.split('.')) {
    if (Number(part) > 255) {
      return false;
    }
  }
  return true;
}

export function __toolgenIsIpv4(text: string): boolean {
  return __toolgenIpv4Pattern.test(text);
}

/**
 * An IPv6 address: eight groups of one to four hex digits, the last two of which may be an
 * IPv4 address (isIpv4); one "::" stands for at least spare zero groups (1 in RFC 3986, 2 in RFC 5321).
 */
export function __toolgenIsIpv6(text: string, spare: number, isIpv4: (text: string) => boolean): boolean {
  const gap = text.indexOf('::');
  if (gap !== -1 && text.indexOf('::', gap + 1) !== -1) {
    return false;
  }
  const head = gap === -1 ? text : text.slice(0, gap);
  const tail = gap === -1 ? '' : text.slice(gap + 2);
  const parts = [...(head === '' && gap !== -1 ? [] : head.split(':')), ...(tail === '' ? [] : tail.split(':'))];
  const endsInGap = gap !== -1 && tail === '';
  let groups = 0;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as string;
    if (__toolgenHexGroupPattern.test(part)) {
      groups++;
    } else if (index === parts.length - 1 && !endsInGap && isIpv4(part)) {
      groups += 2;
    } else {
      return false;
    }
  }
  return gap === -1 ? groups === 8 : groups <= 8 - spare;
}

/** RFC 4122 UUID: 8-4-4-4-12 hex digits, either case; any version and variant. */
export function __toolgenIsUuid(text: string): boolean {
  return __toolgenUuidPattern.test(text);
}

/** RFC 3986 absolute URI (a fragment allowed), with an IP-literal host an IPv6 address or IPvFuture. */
export function __toolgenIsUri(text: string): boolean {
  if (!__toolgenUriPattern.test(text)) {
    return false;
  }
  // brackets are allowed nowhere but around an IP-literal host
  const open = text.indexOf('[');
  if (open === -1) {
    return true;
  }
  const literal = text.slice(open + 1, text.indexOf(']', open));
  return __toolgenIpFuturePattern.test(literal) || __toolgenIsIpv6(literal, 1, __toolgenIsIpv4);
}

/** The URL object of an absolute URI; undefined where the WHATWG URL parser refuses it (a port over 65535, an http URL without a host). */
export function __toolgenUrlOf(text: string): unknown {
  try {
    return new __toolgenUrl(text);
  } catch {
    return undefined;
  }
}
