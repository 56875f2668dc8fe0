import fc from 'fast-check';
import { Grammar } from './abnf.js';

/*
 * The enforced formats as their RFCs define them, built independently of the emitted checks:
 * the ABNF copied from each RFC, compiled to a regular expression, plus the rules the RFCs give
 * in prose (day ranges, leap seconds, address limits), computed another way than the runtime does.
 */

/** RFC 3339 §5.6. */
const rfc3339 = new Grammar(`
date-fullyear   = 4DIGIT
date-month      = 2DIGIT  ; 01-12
date-mday       = 2DIGIT  ; 01-28, 01-29, 01-30, 01-31 based on month/year
time-hour       = 2DIGIT  ; 00-23
time-minute     = 2DIGIT  ; 00-59
time-second     = 2DIGIT  ; 00-58, 00-59, 00-60 based on leap second rules
time-secfrac    = "." 1*DIGIT
time-numoffset  = ("+" / "-") time-hour ":" time-minute
time-offset     = "Z" / time-numoffset
partial-time    = time-hour ":" time-minute ":" time-second [time-secfrac]
full-date       = date-fullyear "-" date-month "-" date-mday
full-time       = partial-time time-offset
date-time       = full-date "T" full-time
`);

/** RFC 5321 §4.1.2 and §4.1.3, with atext from RFC 5322 §3.2.3. */
const rfc5321 = new Grammar(`
Mailbox        = Local-part "@" ( Domain / address-literal )
Local-part     = Dot-string / Quoted-string
Dot-string     = Atom *("."  Atom)
Atom           = 1*atext
atext          = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "/" / "=" / "?" / "^" / "_" / "\`" / "{" / "|" / "}" / "~"
Quoted-string  = DQUOTE *QcontentSMTP DQUOTE
QcontentSMTP   = qtextSMTP / quoted-pairSMTP
quoted-pairSMTP  = %d92 %d32-126
qtextSMTP      = %d32-33 / %d35-91 / %d93-126
Domain         = sub-domain *("." sub-domain)
sub-domain     = Let-dig [Ldh-str]
Let-dig        = ALPHA / DIGIT
Ldh-str        = *( ALPHA / DIGIT / "-" ) Let-dig
address-literal  = "[" ( IPv4-address-literal / IPv6-address-literal ) "]"
                 ; General-address-literal left out: no tag but IPv6 is registered
IPv4-address-literal  = Snum 3("."  Snum)
IPv6-address-literal  = "IPv6:" IPv6-addr
Snum           = 1*3DIGIT
IPv6-addr      = IPv6-full / IPv6-comp / IPv6v4-full / IPv6v4-comp
IPv6-hex       = 1*4HEXDIG
IPv6-full      = IPv6-hex 7(":" IPv6-hex)
IPv6-comp      = [IPv6-hex *5(":" IPv6-hex)] "::" [IPv6-hex *5(":" IPv6-hex)]
IPv6v4-full    = IPv6-hex 5(":" IPv6-hex) ":" IPv4-address-literal
IPv6v4-comp    = [IPv6-hex *3(":" IPv6-hex)] "::" [IPv6-hex *3(":" IPv6-hex) ":"] IPv4-address-literal
`);

/** RFC 4122 §3. */
const rfc4122 = new Grammar(`
UUID                   = time-low "-" time-mid "-" time-high-and-version "-" clock-seq-and-reserved clock-seq-low "-" node
time-low               = 4hexOctet
time-mid               = 2hexOctet
time-high-and-version  = 2hexOctet
clock-seq-and-reserved = hexOctet
clock-seq-low          = hexOctet
node                   = 6hexOctet
hexOctet               = hexDigit hexDigit
hexDigit = "0" / "1" / "2" / "3" / "4" / "5" / "6" / "7" / "8" / "9" / "a" / "b" / "c" / "d" / "e" / "f" / "A" / "B" / "C" / "D" / "E" / "F"
`);

/** RFC 3986 Appendix A (the rules `URI` reaches). */
const rfc3986 = new Grammar(`
URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
hier-part     = "//" authority path-abempty
              / path-absolute
              / path-rootless
              / path-empty
scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
authority     = [ userinfo "@" ] host [ ":" port ]
userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
host          = IP-literal / IPv4address / reg-name
port          = *DIGIT
IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
IPv6address   =                            6( h16 ":" ) ls32
              /                       "::" 5( h16 ":" ) ls32
              / [               h16 ] "::" 4( h16 ":" ) ls32
              / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
              / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
              / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
              / [ *4( h16 ":" ) h16 ] "::"              ls32
              / [ *5( h16 ":" ) h16 ] "::"              h16
              / [ *6( h16 ":" ) h16 ] "::"
h16           = 1*4HEXDIG
ls32          = ( h16 ":" h16 ) / IPv4address
IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet
dec-octet     = DIGIT                 ; 0-9
              / %x31-39 DIGIT         ; 10-99
              / "1" 2DIGIT            ; 100-199
              / "2" %x30-34 DIGIT     ; 200-249
              / "25" %x30-35          ; 250-255
reg-name      = *( unreserved / pct-encoded / sub-delims )
path-abempty  = *( "/" segment )
path-absolute = "/" [ segment-nz *( "/" segment ) ]
path-rootless = segment-nz *( "/" segment )
path-empty    = 0pchar
segment       = *pchar
segment-nz    = 1*pchar
pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
query         = *( pchar / "/" / "?" )
fragment      = *( pchar / "/" / "?" )
pct-encoded   = "%" HEXDIG HEXDIG
unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
sub-delims    = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
`);

const dateTimeSyntax = rfc3339.regExp('date-time');
const fullDateSyntax = rfc3339.regExp('full-date');
const fullTimeSyntax = rfc3339.regExp('full-time');
const mailboxSyntax = rfc5321.regExp('Mailbox');
const uuidSyntax = rfc4122.regExp('UUID');
const uriSyntax = rfc3986.regExp('URI');

/** RFC 3339 §5.7 and Appendix C: the days of each month, February by the Gregorian leap-year rule. */
function isDay(year: number, month: number, day: number): boolean {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** The parts of a full-time: the clock and the offset in minutes east of UTC. */
function clockOf(text: string): { hour: number; minute: number; second: number; offset: number; offsetOk: boolean } {
  const [hour, minute, second] = text.slice(0, 8).split(':').map(Number) as [number, number, number];
  const zone = /([+-])(\d\d):(\d\d)$/.exec(text);
  const offsetHour = zone === null ? 0 : Number(zone[2]);
  const offsetMinute = zone === null ? 0 : Number(zone[3]);
  const offset = zone === null ? 0 : (zone[1] === '-' ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  return { hour, minute, second, offset, offsetOk: offsetHour <= 23 && offsetMinute <= 59 };
}

/**
 * RFC 3339 §5.7: second 60 is a leap second, which can only be the last second of a UTC day:
 * the clock with the offset taken away reads 23:59. (Which days had one is a table, not a rule.)
 */
function isClock(text: string): boolean {
  const { hour, minute, second, offset, offsetOk } = clockOf(text);
  if (!offsetOk || hour > 23 || minute > 59 || second > 60) {
    return false;
  }
  if (second < 60) {
    return true;
  }
  const utc = new Date(Date.UTC(2000, 0, 1, hour, minute) - offset * 60_000);
  return utc.getUTCHours() === 23 && utc.getUTCMinutes() === 59;
}

/** RFC 5321 §4.1.3 in words: "::" stands for at least two groups, so with it at most 6 hex groups, or 4 before an IPv4 address. */
function isMailboxLiteral(literal: string): boolean {
  if (!/^ipv6:/i.test(literal)) {
    return literal.split('.').every((snum) => Number(snum) <= 255);
  }
  const address = literal.slice(5);
  const v4 = /(?:^|:)(\d+(?:\.\d+){3})$/.exec(address);
  if (v4 !== null && !v4[1]!.split('.').every((snum) => Number(snum) <= 255)) {
    return false;
  }
  if (!address.includes('::')) {
    return true;
  }
  const hexGroups = address.replace(/(?:^|:)\d+(?:\.\d+){3}$/, '').split(/::?/).filter((group) => group !== '').length;
  return hexGroups <= (v4 === null ? 6 : 4);
}

/** The formats the validator enforces, as their RFCs define them. */
export const rfcFormats: Readonly<Record<string, (text: string) => boolean>> = {
  'date-time': (text) => {
    if (!dateTimeSyntax.test(text)) {
      return false;
    }
    const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
    return isDay(year, month, day) && isClock(text.slice(11));
  },
  date: (text) => {
    if (!fullDateSyntax.test(text)) {
      return false;
    }
    const [year, month, day] = text.split('-').map(Number) as [number, number, number];
    return isDay(year, month, day);
  },
  time: (text) => fullTimeSyntax.test(text) && isClock(text),
  email: (text) => {
    if (!mailboxSyntax.test(text)) {
      return false;
    }
    // the address literal after the last "[": a quoted local part may hold "@[" too ("\@["@[1.2.3.4]), a literal never "["
    const literal = /@\[([^[\]]*)\]$/.exec(text);
    return literal === null || isMailboxLiteral(literal[1]!);
  },
  uuid: (text) => uuidSyntax.test(text),
  uri: (text) => uriSyntax.test(text),
};

/**
 * The instant an RFC 3339 date-time names, in milliseconds since the epoch, computed from its
 * fields; a leap second is the last millisecond before it (what the validator's `Date` holds).
 */
export function instantOf(dateTime: string): number {
  const [year, month, day] = dateTime.slice(0, 10).split('-').map(Number) as [number, number, number];
  const { hour, minute, second, offset } = clockOf(dateTime.slice(11));
  const fraction = /^\d\d:\d\d:\d\d\.(\d+)/.exec(dateTime.slice(11))?.[1] ?? '';
  const milliseconds = second === 60 ? 999 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, Math.min(second, 59), milliseconds);
  return utc.getTime() - offset * 60_000;
}

/** Strings from each format's grammar, most of them valid by syntax; the rules in prose then split them. */
export const grammarStrings: Readonly<Record<string, fc.Arbitrary<string>>> = {
  'date-time': rfc3339.arbitrary('date-time'),
  date: rfc3339.arbitrary('full-date'),
  time: rfc3339.arbitrary('full-time'),
  email: rfc5321.arbitrary('Mailbox'),
  uuid: rfc4122.arbitrary('UUID'),
  uri: rfc3986.arbitrary('URI'),
};

const twoDigits = (min: number, max: number): fc.Arbitrary<string> => fc.integer({ min, max }).map((value) => String(value).padStart(2, '0'));

/** Full-dates with values in range and just out of it, leap days among them. */
export const dayStrings: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1998-12-31', '2016-12-31', '2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2026-04-31', '0000-01-01', '9999-12-31'),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), twoDigits(0, 13), twoDigits(0, 32)).map(([year, month, day]) => `${String(year).padStart(4, '0')}-${month}-${day}`),
);

/** Date-times (`withDate`) or times with values in range and out of it, leap seconds at every offset among them. */
export function clockStrings(withDate: boolean): fc.Arbitrary<string> {
  return fc
    .tuple(
      dayStrings,
      fc.constantFrom('T', 't'),
      twoDigits(0, 24),
      twoDigits(0, 60),
      fc.oneof(twoDigits(58, 61), twoDigits(0, 59)),
      fc.constantFrom('', '.5', '.999', '.123456789'),
      fc.oneof(fc.constantFrom('Z', 'z'), fc.tuple(fc.constantFrom('+', '-'), twoDigits(0, 24), twoDigits(0, 60)).map(([sign, hour, minute]) => `${sign}${hour}:${minute}`)),
    )
    .map(([date, t, hour, minute, second, fraction, offset]) => `${withDate ? `${date}${t}` : ''}${hour}:${minute}:${second}${fraction}${offset}`);
}

/** Characters that make or break the formats: delimiters, white space, non-ASCII, quotes. */
const breakers = [...':/?#[]@!$&\'()*+,;=%-._~"\\<>^`{|} \t\n\r', 'é', '\u0000', '\u00a0', '😀', 'zz', '%zz', 'v', 'V', 'IPv6:', '::', '0', '9', 'a', 'F', 'Z', 'T', '60', '.'];

/** `text` with a few characters inserted, deleted or replaced. */
export function mutations(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.constantFrom('insert', 'delete', 'replace'), fc.nat(), fc.constantFrom(...breakers));
  return fc.tuple(text, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([start, edits]) => {
    let result = start;
    for (const [kind, place, char] of edits) {
      const at = result.length === 0 ? 0 : place % (result.length + (kind === 'insert' ? 1 : 0));
      result = kind === 'insert' ? result.slice(0, at) + char + result.slice(at) : result.slice(0, at) + (kind === 'replace' ? char : '') + result.slice(at + 1);
    }
    return result;
  });
}

/**
 * Known cases for each format, from the RFCs' own examples, the JSON Schema test suite's format
 * tests, and what the WHATWG URL parser and the JS Date parser get wrong for these grammars.
 */
export const formatTables: Readonly<Record<string, readonly (readonly [string, boolean])[]>> = {
  'date-time': [
    ['1985-04-12T23:20:50.52Z', true],
    ['1996-12-19T16:39:57-08:00', true],
    ['1990-12-31T23:59:60Z', true],
    ['1990-12-31T15:59:60-08:00', true],
    ['1998-12-31T15:59:60.123-08:00', true],
    ['1937-01-01T12:00:27.87+00:20', true],
    ['1963-06-19t08:30:06.283185z', true],
    ['1998-12-31T23:59:61Z', false],
    ['1998-12-31T23:58:60Z', false],
    ['1998-12-31T22:59:60Z', false],
    ['1998-12-31T23:59:60+01:00', false],
    ['1998-12-31T00:59:60+01:00', true],
    ['1990-02-31T15:59:59.123-08:00', false],
    ['1990-12-31T15:59:59-24:00', false],
    ['1963-06-19T08:30:06.28123+01:00Z', false],
    ['06/19/1963 08:30:06 PST', false],
    ['2013-350T01:01:01', false],
    ['1963-06-1T08:30:06Z', false],
    ['1963-06-19 08:30:06Z', false],
    ['1963-06-19T08:30:06', false],
    ['1963-06-19T08:30:06.Z', false],
    ['1963-06-19T08:30:06,5Z', false],
    ['1963-06-1\u09EAT00:00:00Z', false],
    ['2024-02-29T00:00:00Z', true],
    ['2023-02-29T00:00:00Z', false],
    ['2000-02-29T00:00:00Z', true],
    ['1900-02-29T00:00:00Z', false],
    ['0000-01-01T00:00:00Z', true],
  ],
  date: [
    ['1963-06-19', true],
    ['2020-01-31', true],
    ['2020-01-32', false],
    ['2021-02-29', false],
    ['2020-02-29', true],
    ['2020-04-31', false],
    ['2020-13-01', false],
    ['2020-00-10', false],
    ['06/19/1963', false],
    ['2013-350', false],
    ['1998-1-20', false],
    ['1998-01-1', false],
    ['1998-13-01', false],
    ['1963-06-1\u09EA', false],
    ['20230328', false],
    ['2023-W01', false],
  ],
  time: [
    ['08:30:06Z', true],
    ['23:59:60Z', true],
    ['15:59:60-08:00', true],
    ['23:20:50.52Z', true],
    ['08:30:06.283185Z', true],
    ['08:30:06+00:20', true],
    ['08:30:06-08:00', true],
    ['08:30:06z', true],
    ['22:59:60Z', false],
    ['23:58:60Z', false],
    ['23:59:60+01:00', false],
    ['00:59:60+01:00', true],
    ['24:00:00Z', false],
    ['00:60:00Z', false],
    ['00:00:61Z', false],
    ['01:02:03+24:00', false],
    ['01:02:03+00:60', false],
    ['01:02:03Z+00:30', false],
    ['08:30:06 PST', false],
    ['01:01:01,1111', false],
    ['12:00:00', false],
    ['ab:cd:efZ', false],
    ['1\u09E8:00:00Z', false],
  ],
  email: [
    ['joe.bloggs@example.com', true],
    ['te~st@example.com', true],
    ['~test@example.com', true],
    ['test~@example.com', true],
    ['"joe bloggs"@example.com', true],
    ['"joe..bloggs"@example.com', true],
    ['"\\"quoted\\""@example.com', true],
    ['joe.bloggs@[127.0.0.1]', true],
    ['joe.bloggs@[IPv6:::1]', true],
    ['joe.bloggs@[ipv6:2001:db8::1]', true],
    ['joe.bloggs@[IPv6:2001:db8:1:2:3:4:5:6]', true],
    ['joe.bloggs@[IPv6:::ffff:192.0.2.1]', true],
    // a quoted local part holding "@[" (fast-check found the oracle taking it for the address literal)
    ['"\\@["@[ipv6:e:b:0:b:d:d:0.0.0.0]', true],
    ['"@["@[1.2.3.4]', true],
    ['"@[1.2.3.4]"@example.com', true],
    ['"@["@[1.2.3.400]', false],
    ['user@localhost', true],
    ['a@b.co', true],
    ['2962', false],
    ['test@', false],
    ['@example.com', false],
    ['.test@example.com', false],
    ['test.@example.com', false],
    ['te..st@example.com', false],
    ['joe.bloggs@invalid=domain.com', false],
    ['joe.bloggs@[127.0.0.300]', false],
    ['joe.bloggs@[IPv6:1:2:3:4:5:6:7::]', false],
    ['joe.bloggs@[IPv6:1:2:3:4:5::1.2.3.4]', false],
    ['joe.bloggs@[IPv6:zz::1]', false],
    ['joe.bloggs@[tag:content]', false],
    ['a b@c.d', false],
    ['joe@-example.com', false],
    ['joe@example-.com', false],
    ['joe@example..com', false],
    ['jöe@example.com', false],
    ['"unclosed@example.com', false],
    ['ada@example.com\n', false],
  ],
  uuid: [
    ['2eb8aa08-aa98-11ea-b4aa-73b441d16380', true],
    ['2EB8AA08-AA98-11EA-B4AA-73B441D16380', true],
    ['2eb8aa08-AA98-11ea-B4Aa-73B441D16380', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['98d80576-482e-427f-8434-7f86890ab222', true],
    ['99c17cbb-656f-564a-940f-1a4568f03487', true],
    ['99c17cbb-656f-664a-940f-1a4568f03487', true],
    ['99c17cbb-656f-f64a-940f-1a4568f03487', true],
    ['2eb8aa08-aa98-11ea-b4aa-73b441d1638', false],
    ['2eb8aa08-aa98-11ea-73b441d16380', false],
    ['2eb8aa08-aa98-11ea-b4ga-73b441d16380', false],
    ['2eb8aa08aa9811eab4aa73b441d16380', false],
    ['2eb8aa08aa98-11ea-b4aa73b441d16380', false],
    ['2eb8-aa08-aa98-11ea-b4aa73b44-1d16380', false],
    ['2eb8aa08aa9811eab4aa73b441d16380----', false],
    ['2eb8aa08-aa98-11ea-b4aa-73b441d16380 ', false],
    ['{2eb8aa08-aa98-11ea-b4aa-73b441d16380}', false],
    ['urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380', false],
  ],
  uri: [
    ['http://foo.bar/?baz=qux#quux', true],
    ['http://foo.com/blah_(wiki)#cite-1', true],
    ['http://foo.bar/?q=Test%20URL-encoded%20stuff', true],
    ['http://xn--nw2a.xn--j6w193g/', true],
    ["http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com", true],
    ['http://223.255.255.254', true],
    ['ftp://ftp.is.co.za/rfc/rfc1808.txt', true],
    ['http://www.ietf.org/rfc/rfc2396.txt', true],
    ['ldap://[2001:db8::7]/c=GB?objectClass?one', true],
    ['mailto:John.Doe@example.com', true],
    ['news:comp.infosystems.www.servers.unix', true],
    ['tel:+1-816-555-1212', true],
    ['telnet://192.0.2.16:80/', true],
    ['urn:oasis:names:specification:docbook:dtd:xml:4.1.2', true],
    ['http://', true],
    ['http://[v1.fe80::a+en1]/', true],
    ['http://example.com:99999/', true],
    ['foo:', true],
    ['//foo.bar/?baz=qux#quux', false],
    ['/abc', false],
    ['\\\\WINDOWS\\fileshare', false],
    ['abc', false],
    ['http:// shouldfail.com', false],
    [':// should fail', false],
    ['bar,baz:foo', false],
    [' https://example.com', false],
    ['https://example.com ', false],
    ['https://exa\tmple.com', false],
    ['https://example.com/a b', false],
    ['https://example.com/%zz', false],
    ['https://example.com/%2', false],
    ['http://ƒøø.ßår/?∂éœ=πîx#πîüx', false],
    ['http://[::1', false],
    ['http://[1:2:3:4:5:6:7:8:9]/', false],
    ['http://[::1]x/', false],
    ['http://a#b#c', false],
    ['http://a/b[c]', false],
    ['1http://example.com', false],
  ],
};
