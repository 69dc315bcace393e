/**
 * Unsigned LEB128 varints and length-prefixed strings: the compact form day summaries are kept
 * in. Most numbers in a summary are small (a count of 1, the gap to the next second), so they
 * take one byte instead of four.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class ByteWriter {
  private buf = new Uint8Array(1 << 16);
  private pos = 0;

  private ensure(extra: number): void {
    if (this.pos + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  uint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint out of range: ${value}`);
    this.ensure(8);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.pos++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.buf[this.pos++] = v;
  }

  uints(values: ArrayLike<number>): void {
    this.uint(values.length);
    for (let i = 0; i < values.length; i++) this.uint(values[i]!);
  }

  string(value: string): void {
    const bytes = encoder.encode(value);
    this.uint(bytes.length);
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** A string or null, as length + 1 (0 = null). */
  nullableString(value: string | null): void {
    if (value === null) {
      this.uint(0);
      return;
    }
    const bytes = encoder.encode(value);
    this.uint(bytes.length + 1);
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

export class ByteReader {
  private pos = 0;
  constructor(private readonly buf: Uint8Array) {}

  uint(): number {
    let result = 0;
    let scale = 1;
    for (;;) {
      if (this.pos >= this.buf.length) throw new RangeError("truncated varint");
      const byte = this.buf[this.pos++]!;
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 0x80;
    }
  }

  uints(): Uint32Array {
    const n = this.uint();
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = this.uint();
    return out;
  }

  string(): string {
    const n = this.uint();
    return this.text(n);
  }

  nullableString(): string | null {
    const n = this.uint();
    return n === 0 ? null : this.text(n - 1);
  }

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  private text(n: number): string {
    if (this.pos + n > this.buf.length) throw new RangeError("truncated string");
    const s = decoder.decode(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }
}
