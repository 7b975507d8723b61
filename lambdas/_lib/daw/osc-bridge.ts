import { createSocket } from 'node:dgram';
import * as z from 'zod';
import { DAW_PORTS, type DawType } from '../../../shared/schemas/ai';
import { encodeOsc, type OscMessage } from '../../../shared/osc/osc';

/**
 * OSC commands per DAW and their delivery. Whether the packet is sent over UDP is configuration
 * (OSC_DELIVERY): the local runtime sits on the user's machine and can reach the DAW; a Lambda in AWS
 * cannot reach a host on the user's private network, so there the API returns the encoded packet.
 */
const Env = z.object({
  OSC_DELIVERY: z.enum(['udp', 'packet']).optional(),
  STAGE: z.enum(['local', 'cloud']).default('cloud'),
});

export function oscDelivery(env: NodeJS.ProcessEnv = process.env): 'udp' | 'packet' {
  const parsed = Env.parse(env);
  return parsed.OSC_DELIVERY ?? (parsed.STAGE === 'local' ? 'udp' : 'packet');
}

export type OscCommandName = 'play' | 'stop' | 'tempo' | 'record';

/** Addresses of each DAW's OSC surface (AbletonOSC; Reaper's default OSC pattern; a generic one). */
const ADDRESSES: Record<'ableton' | 'reaper' | 'generic', Record<OscCommandName, string>> = {
  ableton: {
    play: '/live/song/start_playing',
    stop: '/live/song/stop_playing',
    tempo: '/live/song/set/tempo',
    record: '/live/song/set/record_mode',
  },
  reaper: { play: '/play', stop: '/stop', tempo: '/tempo/raw', record: '/record' },
  generic: { play: '/transport/play', stop: '/transport/stop', tempo: '/tempo', record: '/transport/record' },
};

export function oscMessageFor(daw: DawType, command: OscCommandName, value?: number): OscMessage {
  const table =
    daw === 'ableton' ? ADDRESSES.ableton : daw === 'reaper' ? ADDRESSES.reaper : ADDRESSES.generic;
  const address = table[command];
  if (command === 'tempo') return { address, args: [{ type: 'f', value: value ?? 128 }] };
  if (command === 'record') return { address, args: [{ type: 'i', value: 1 }] };
  if (daw === 'reaper') return { address, args: [{ type: 'f', value: 1 }] };
  return { address, args: [] };
}

export function defaultOscPort(daw: DawType): number {
  const ports = DAW_PORTS[daw];
  return ports.osc ?? ports.websocket;
}

export function sendUdp(packet: Uint8Array, host: string, port: number, timeoutMs = 2000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('OSC send timed out'));
    }, timeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
    socket.send(packet, port, host, (error) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve();
    });
  });
}

export { encodeOsc };
