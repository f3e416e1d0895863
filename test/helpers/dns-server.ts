/**
 * Tiny DNS servers on 127.0.0.1 (UDP) for the resolver's tests: one that never answers (a hung
 * resolver) and one that answers every query at once with NXDOMAIN. Each records the names it
 * was asked for, and answers the names of `answers` with their IPv4 address (A; AAAA gets an
 * empty answer). Loopback only: an answer is only ever classified, or dialled when it is loopback.
 */
import { createSocket, type Socket } from 'node:dgram';

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for configureResolver({ servers: [...] }). */
  address: string;
  /** Query names received, in order (one per query: A and AAAA are two). */
  queries: string[];
  close(): Promise<void>;
}

/** The question name of a DNS message (labels from offset 12), and where the question ends. */
function question(msg: Buffer): { name: string; end: number } | null {
  const labels: string[] = [];
  let i = 12;
  while (i < msg.length && msg[i] !== 0) {
    const len = msg[i];
    if (len > 63 || i + 1 + len > msg.length) return null;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('latin1'));
    i += 1 + len;
  }
  return i + 5 <= msg.length ? { name: labels.join('.').toLowerCase(), end: i + 5 } : null;
}

/** A reply to a query: same id and question, QR + the query's RD, RA, and the given answer. */
function answer(msg: Buffer, end: number, rcode: number, ipv4?: string): Buffer {
  const head = Buffer.from(msg.subarray(0, end));
  head[2] = 0x80 | (msg[2] & 0x01);
  head[3] = 0x80 | rcode;
  head.writeUInt16BE(1, 4);
  head.writeUInt16BE(ipv4 ? 1 : 0, 6);
  head.writeUInt16BE(0, 8);
  head.writeUInt16BE(0, 10);
  if (!ipv4) return head;
  // Name: pointer to the question (offset 12); type A, class IN, TTL 60, 4 bytes of address.
  const rr = Buffer.from([0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, ...ipv4.split('.').map(Number)]);
  return Buffer.concat([head, rr]);
}

export async function startDnsServer(mode: 'hang' | 'nxdomain', answers: Record<string, string> = {}): Promise<TestDnsServer> {
  const socket: Socket = createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (msg, peer) => {
    const q = question(msg);
    if (!q) return;
    queries.push(q.name);
    const known = answers[q.name];
    if (known !== undefined) {
      const type = msg.readUInt16BE(q.end - 4);
      return void socket.send(answer(msg, q.end, 0, type === 1 ? known : undefined), peer.port, peer.address);
    }
    if (mode === 'hang') return;
    // Header: same id, QR + the query's RD, RA + RCODE 3 (NXDOMAIN), one question, nothing else.
    const reply = Buffer.from(msg.subarray(0, q.end));
    reply[2] = 0x80 | (msg[2] & 0x01);
    reply[3] = 0x80 | 3;
    reply.writeUInt16BE(1, 4);
    reply.writeUInt16BE(0, 6);
    reply.writeUInt16BE(0, 8);
    reply.writeUInt16BE(0, 10);
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
