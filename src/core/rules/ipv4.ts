// One octet 0–255, so that 999.1.1.1 is not taken for an address.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/** A dotted-quad IPv4 address, as a regular-expression source to embed in larger rules. */
export const IPV4_SOURCE = `${OCTET}(?:\\.${OCTET}){3}`;

const IPV4 = new RegExp(`^${IPV4_SOURCE}$`);

export function isIpv4(text: string): boolean {
  return IPV4.test(text);
}

/** TCP ports run from 1 to 65535; a rule that accepts "port" should not accept 99999. */
export function isPort(digits: string): boolean {
  const port = Number(digits);
  return /^\d{1,5}$/.test(digits) && port >= 1 && port <= 65535;
}
