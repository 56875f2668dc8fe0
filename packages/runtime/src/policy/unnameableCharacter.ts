/**
 * The first character of `name` that no qualified tool name can hold and that a person reading
 * the policy would not see: a control character (C0, DEL, C1, which includes NUL, tab and line
 * breaks) or an invisible formatting character (zero-width spaces and joiners, bidirectional
 * overrides, a BOM), described as `U+0000 (a control character)`; `undefined` when there is none.
 */
export function unnameableCharacter(name: string): string | undefined {
  const found = /[\p{Cc}\p{Cf}]/u.exec(name)?.[0];
  if (found === undefined) return undefined;
  const codePoint = `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return `${codePoint} (${/\p{Cc}/u.test(found) ? 'a control character' : 'an invisible formatting character'})`;
}
