/**
 * OSC 1.0 packets (opensoundcontrol.org spec 1.0): address pattern, type tag string and arguments, each
 * a NUL-terminated string padded to a multiple of 4 bytes; int32/float32 big-endian. Only messages
 * (no bundles): that is all the DAW bridge sends.
 */
export type OscArgument =
  { type: 'i'; value: number } | { type: 'f'; value: number } | { type: 's'; value: string };

export interface OscMessage {
  address: string;
  args: OscArgument[];
}

function paddedString(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  const length = Math.ceil((bytes.length + 1) / 4) * 4;
  const out = new Uint8Array(length);
  out.set(bytes);
  return out;
}

export function encodeOsc(message: OscMessage): Uint8Array {
  if (!message.address.startsWith('/')) throw new Error('OSC address must start with /');
  const parts: Uint8Array[] = [
    paddedString(message.address),
    paddedString(',' + message.args.map((a) => a.type).join('')),
  ];
  for (const arg of message.args) {
    if (arg.type === 's') {
      parts.push(paddedString(arg.value));
      continue;
    }
    const bytes = new Uint8Array(4);
    const view = new DataView(bytes.buffer);
    if (arg.type === 'i') view.setInt32(0, Math.trunc(arg.value), false);
    else view.setFloat32(0, arg.value, false);
    parts.push(bytes);
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function readString(bytes: Uint8Array, offset: number): { value: string; next: number } {
  let end = offset;
  while (end < bytes.length && bytes[end] !== 0) end++;
  if (end >= bytes.length) throw new Error('OSC string is not terminated');
  const next = Math.ceil((end + 1) / 4) * 4;
  if (next > bytes.length) throw new Error('OSC string padding is truncated');
  return { value: new TextDecoder().decode(bytes.subarray(offset, end)), next };
}

export function decodeOsc(bytes: Uint8Array): OscMessage {
  if (bytes.length % 4 !== 0) throw new Error('OSC packet size must be a multiple of 4');
  const address = readString(bytes, 0);
  if (!address.value.startsWith('/')) throw new Error('Not an OSC message');
  const tags = readString(bytes, address.next);
  if (!tags.value.startsWith(',')) throw new Error('OSC type tag string missing');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const args: OscArgument[] = [];
  let offset = tags.next;
  for (const tag of tags.value.slice(1)) {
    if (tag === 's') {
      const s = readString(bytes, offset);
      args.push({ type: 's', value: s.value });
      offset = s.next;
    } else if (tag === 'i' || tag === 'f') {
      if (offset + 4 > bytes.length) throw new Error('OSC argument truncated');
      args.push(
        tag === 'i'
          ? { type: 'i', value: view.getInt32(offset, false) }
          : { type: 'f', value: view.getFloat32(offset, false) },
      );
      offset += 4;
    } else {
      throw new Error(`Unsupported OSC type tag ${tag}`);
    }
  }
  return { address: address.value, args };
}
