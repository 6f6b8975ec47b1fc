/**
 * Child process of the relay benchmark: a bare socket.io server doing the relay's routing without
 * the API — join a room, and on message:send acknowledge and push message:new to the room. The
 * relay's latency beside this one shows what authentication, REST and the database add.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const server = createServer();
const io = new Server(server, { serveClient: false });
let nextId = 0;
io.on('connection', (socket) => {
  socket.on('conversation:join', (payload: { conversation_id: number }, ack?: (r: unknown) => void) => {
    socket.join(`conversation:${payload.conversation_id}`);
    ack?.({ status: 200, data: { conversation_id: payload.conversation_id } });
  });
  socket.on('message:send', (payload: { conversation_id: number }, ack?: (r: unknown) => void) => {
    const message = { ...payload, id: ++nextId, created_at: new Date().toISOString() };
    ack?.({ status: 200, data: message });
    io.to(`conversation:${payload.conversation_id}`).emit('message:new', { message });
  });
});
server.listen(Number(process.env.BENCH_PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
