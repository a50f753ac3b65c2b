/** A cookie's value in a Cookie header, if it is there (once; a name sent twice counts as absent). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  const values = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  return values.length === 1 ? values[0] : undefined;
}
