// The peer's server: boardgame.io's own Server (Koa + socket.io) with the Postgres storage adapter bgio-postgres,
// one Node process, as a portal would run it. Usage: node server.js <port> <postgres-url>
"use strict";
const { Server } = require("boardgame.io/server");
const { PostgresStore } = require("bgio-postgres");
const { SixNimmt } = require("./six-nimmt");

const [port, url] = process.argv.slice(2);
const db = new PostgresStore(url, { logging: false, pool: { max: 10 } }); // the pool Tapis gets (TAPIS_POOL_SIZE)
const server = Server({ games: [SixNimmt], db, origins: ["*"] });
server.run({ port: Number(port) }, () => console.log("ready"));
