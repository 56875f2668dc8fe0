import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '@toolgen/runtime';

// The formats the validator enforces, written here independently of the emitted code.

const dateTime = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const date = /^(\d{4})-(\d{2})-(\d{2})$/;
const time = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

function isDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) {
    return false;
  }
  return day <= new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function isClock(hour: number, minute: number, second: number, offsetHour = 0, offsetMinute = 0): boolean {
  return hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 23 && offsetMinute <= 59;
}

const numbers = (match: RegExpExecArray): number[] => match.slice(1).map((group) => (group === undefined ? 0 : Number(group)));

export const formats: Readonly<Record<string, (text: string) => boolean>> = {
  'date-time': (text) => {
    const match = dateTime.exec(text);
    if (match === null) {
      return false;
    }
    const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = numbers(match) as [number, number, number, number, number, number, number, number];
    return isDay(year, month, day) && isClock(hour, minute, second, offsetHour, offsetMinute) && !Number.isNaN(new Date(text).getTime());
  },
  date: (text) => {
    const match = date.exec(text);
    return match !== null && isDay(...(numbers(match) as [number, number, number]));
  },
  time: (text) => {
    const match = time.exec(text);
    return match !== null && isClock(...(numbers(match) as [number, number, number, number, number]));
  },
  email: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  uuid: (text) => /^[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(text),
  uri: (text) => {
    try {
      new URL(text);
      return true;
    } catch {
      return false;
    }
  },
};

/** ajv (2020-12) as the oracle of what the canonical schema accepts, with the enforced formats. */
export function oracle(schema: JsonSchema): (value: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, ownProperties: true, logger: false });
  for (const [name, validate] of Object.entries(formats)) {
    ajv.addFormat(name, { type: 'string', validate });
  }
  const validate = ajv.compile(schema);
  return (value) => validate(value) === true;
}
