// A column's values as one PostgreSQL array parameter in the binary format (what array_send
// writes and array_recv reads), for the analytics fold's outcome rows (analytics/fold-postgres.ts).
// The pg driver sends a Buffer parameter in the binary format and anything else as text; an
// array's text is escaped element by element in JavaScript and parsed character by character in
// the backend. In the fold micro-bench the text form cost the fold's thread ~1.4 µs an event and
// the backend ~2.5–4 µs a row to parse; binary, the backend reads each element by its length
// (docs/analytics-cost.md).
//
// The format: int32 dimensions (1, or 0 for an empty array), int32 flags (1: some element is
// NULL), int32 element type oid, then for each dimension int32 length and int32 lower bound (1),
// then each element as int32 byte length (-1: NULL) and its bytes (int8: 8, big-endian; text:
// UTF-8). Every integer is big-endian.

const INT8_OID = 20;
const TEXT_OID = 25;
const TWO_32 = 2 ** 32;

/** The array's header, and where its elements start. */
function header(buffer: Buffer, oid: number, length: number, hasNull: boolean): number {
  buffer.writeInt32BE(length ? 1 : 0, 0);
  buffer.writeInt32BE(hasNull ? 1 : 0, 4);
  buffer.writeInt32BE(oid, 8);
  if (!length) return 12;
  buffer.writeInt32BE(length, 12);
  buffer.writeInt32BE(1, 16);
  return 20;
}

const headerSize = (length: number) => (length ? 20 : 12);

/** A bigint[] parameter: each value a safe integer or null. */
export function int8ArrayParam(values: readonly (number | null | undefined)[]): Buffer {
  let size = headerSize(values.length);
  let hasNull = false;
  for (const value of values) {
    if (value == null) {
      hasNull = true;
      size += 4;
    } else if (Number.isSafeInteger(value)) size += 12;
    else throw new TypeError(`not an integer for a bigint array: ${String(value)}`);
  }
  const buffer = Buffer.allocUnsafe(size);
  let at = header(buffer, INT8_OID, values.length, hasNull);
  for (const value of values) {
    if (value == null) {
      at = buffer.writeInt32BE(-1, at);
      continue;
    }
    at = buffer.writeInt32BE(8, at);
    // Two's complement in two halves: the high half floored, so a negative value's low half is
    // what is left, between 0 and 2^32.
    const high = Math.floor(value / TWO_32);
    at = buffer.writeInt32BE(high, at);
    at = buffer.writeUInt32BE(value - high * TWO_32, at);
  }
  return buffer;
}

/** A text[] parameter: each value a string or null. */
export function textArrayParam(values: readonly (string | null | undefined)[]): Buffer {
  let size = headerSize(values.length);
  let hasNull = false;
  for (const value of values) {
    if (value == null) hasNull = true;
    else if (typeof value !== 'string')
      throw new TypeError(`not a string for a text array: ${String(value)}`);
    else size += Buffer.byteLength(value);
    size += 4;
  }
  const buffer = Buffer.allocUnsafe(size);
  let at = header(buffer, TEXT_OID, values.length, hasNull);
  for (const value of values) {
    if (value == null) {
      at = buffer.writeInt32BE(-1, at);
      continue;
    }
    const bytes = buffer.write(value, at + 4);
    buffer.writeInt32BE(bytes, at);
    at += 4 + bytes;
  }
  return buffer;
}
