import { readFileSync } from "node:fs";
import Fastify from "fastify";

// The bare baseline of `npm run bench`: Fastify answering the same bytes as getcourses from memory.
const body = readFileSync(process.argv[2]!);
const port = Number(process.argv[3]);
const app = Fastify({ logger: false });
app.get("/reactapi/getcourses", (_request, reply) => reply.header("content-type", "application/json; charset=utf-8").send(body));
await app.listen({ port, host: "127.0.0.1" });
console.log("baseline ready");
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
