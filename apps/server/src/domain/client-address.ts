/**
 * Audit events keep a truncated client address: IPv4 to its /24, IPv6 to its /48. Enough to see
 * abuse coming from one network, not enough to point at one person.
 */
export function truncateAddress(address: string | undefined): string | null {
  if (!address) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (address.includes(':')) {
    const [head] = address.split('::');
    const groups = (head ?? '').split(':').filter(Boolean);
    const first = [...groups, '0', '0', '0'].slice(0, 3);
    return `${first.join(':')}::/48`;
  }
  return null;
}
