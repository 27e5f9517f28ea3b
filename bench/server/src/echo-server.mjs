// The floor: a bare socket.io server that does what a move costs at the transport level:
// join a room, and on "move" broadcast an event of Arena's "moved" size to the room, then ack.
import { createServer } from "node:http";
import { Server } from "socket.io";

const port = Number(process.env.PORT ?? 4100);
const http = createServer((req, res) => {
  res.writeHead(200);
  res.end("ok");
});
const io = new Server(http, { maxHttpBufferSize: 16_384 });
io.on("connection", (socket) => {
  socket.on("join", ({ room }, ack) => {
    socket.join(room);
    ack({ ok: true });
  });
  socket.on("leave", ({ room }, ack) => {
    socket.leave(room);
    ack({ ok: true });
  });
  socket.on("move", ({ room, version, move }, ack) => {
    const v = version + 1;
    io.to(room).emit("event", {
      room,
      matchId: room,
      version: v,
      at: Date.now(),
      event: {
        type: "moved",
        seat: version % 2,
        move,
        forced: false,
        clock: {
          baseMs: 600000,
          incrementMs: 5000,
          remainingMs: [598123, 599871],
          quotaMs: [450, 450],
          started: [true, true],
          running: v % 2,
          runningSince: Date.now(),
        },
      },
    });
    ack({ ok: true, version: v });
  });
});
http.listen(port, "127.0.0.1", () => console.log(`echo listening on ${port}`));
process.on("SIGTERM", () => process.exit(0));
