// A "stalled API" for the time-out test: accepts connections and reads requests but never
// answers. Loopback only; it exits by itself after STALL_LIFETIME_MS so it can never linger.
import net from 'node:net';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: node stalled-api.ts PORT');
const lifetimeMs = Number(process.env.STALL_LIFETIME_MS ?? 30 * 60_000);

const sockets = new Set<net.Socket>();
const server = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('data', () => {}); // read and ignore: the answer never comes
  socket.on('error', () => {});
  socket.on('close', () => sockets.delete(socket));
});
server.listen(port, '127.0.0.1');
setTimeout(() => {
  for (const socket of sockets) socket.destroy();
  server.close();
}, lifetimeMs).unref();
process.on('SIGTERM', () => process.exit(0));
