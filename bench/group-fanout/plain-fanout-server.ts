import { WebSocketServer } from 'ws';

/**
 * The floor under the group fan-out figures: a plain `ws` server, nothing but the sockets, that sends
 * the bytes of a real group push to every socket connected to it. The bench's client processes
 * connect here as they do to the gateway (any path, nothing checked) and count what arrives the same
 * way, so the server's CPU per delivery here is what one Node thread pays to write one frame to one
 * loopback socket on this machine. Driven by the bench over IPC:
 * - `{ sample }`: the push to send (a NewMessage frame as a member received it);
 * - `{ send: tags }`: one message per tag, each its own frame and its own turn of the event loop (as the
 *   gateway sends one sender's messages), answered `{ sent }` when all are written.
 */
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, backlog: 4096 });
let template: { reqIdentifier: number; data: { seq: number; textElem?: { content: string } } } | undefined;
let seq = 0;
const now = () => performance.timeOrigin + performance.now();
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function send(tags: string[]): Promise<void> {
  if (!template) throw new Error('no sample push to send');
  for (const tag of tags) {
    seq += 1;
    const frame = { ...template, data: { ...template.data, seq, textElem: { content: `${now()} ${tag}` } } };
    const bytes = Buffer.from(JSON.stringify(frame));
    for (const socket of wss.clients) socket.send(bytes, { binary: false });
    await nextTurn();
  }
}

wss.on('listening', () => {
  const address = wss.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message: { sample?: string; send?: string[] }) => {
  if (message.sample) template = JSON.parse(message.sample) as typeof template;
  if (message.send) void send(message.send).then(() => process.send?.({ sent: message.send?.length }));
});
process.on('disconnect', () => {
  for (const socket of wss.clients) socket.terminate();
  wss.close();
  process.exit(0);
});
