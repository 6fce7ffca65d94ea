import http from "node:http";
import type { CourseModule } from "../contract/catalogue.ts";
import { startSession } from "../server/src/accounts/sessions-repository.ts";
import { buildApp } from "../server/src/app.ts";
import { importCatalogue } from "../server/src/catalogue/catalogue-transfer.ts";
import { loadConfig } from "../server/src/config.ts";
import { openDatabase } from "../server/src/db/client.ts";
import { users } from "../server/src/accounts/accounts-schema.ts";
import { buildModuleTree } from "../web/src/lib/module-tree.ts";

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A course of `topModules` × (1 + 2 children + 2 grandchildren) modules, nested 3 deep, `lessonsPerModule` lessons each. */
export function generatedCatalogue(topModules: number, lessonsPerModule: number) {
  let moduleId = 0;
  let lessonId = 0;
  const lessons = () =>
    Array.from({ length: lessonsPerModule }, () => {
      lessonId += 1;
      return {
        id: lessonId,
        title: `Lesson ${lessonId}`,
        content_summary_html: `<p>Summary of lesson ${lessonId}, with <strong>a little</strong> formatting.</p>`,
        note_html: `<ul><li>Note one for ${lessonId}</li><li>Note two</li></ul>`,
        video: { provider: "vimeo" as const, id: "76979871" },
        downloads: [],
      };
    });
  const module = (depth: number): Record<string, unknown> => {
    moduleId += 1;
    return {
      id: moduleId,
      title: `Module ${moduleId}`,
      visible_in_preview: false,
      lessons: lessons(),
      modules: depth < 3 ? Array.from({ length: depth === 1 ? 2 : 1 }, () => module(depth + 1)) : [],
    };
  };
  const modules = Array.from({ length: topModules }, () => module(1));
  return {
    document: { format: "doula-course-catalogue", version: 1, subscription_plans: [], courses: [{ id: 1, title: "Generated", modules }] },
    modules: moduleId,
    lessons: lessonId,
  };
}

/** getcoursemodules on a generated course, in process: median time, response size and the web tree build. */
export async function measureScale(topModules: number, lessonsPerModule: number, rounds = 15) {
  const generated = generatedCatalogue(topModules, lessonsPerModule);
  const database = await openDatabase({ dataDir: "memory" });
  try {
    const app = await buildApp({ db: database.db, config: loadConfig({ NODE_ENV: "test" }) });
    await importCatalogue(database.db, generated.document, app.mediaStorage);
    const [admin] = await database.db.insert(users).values({ email: "bench@example.com", passwordHash: "x", role: "admin" }).returning();
    const { token } = await startSession(database.db, admin!.id, 1, undefined);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Over a real socket, counting the bytes without building a string of them: the figure is
    // the server's cost, not the cost of a 16 MB string in the measuring process.
    const request = () =>
      new Promise<number>((resolve, reject) => {
        const outgoing = http.request(
          `${address}/reactapi/getcoursemodules`,
          { method: "POST", agent, headers: { "content-type": "application/json", cookie: `session=${token}` } },
          (response) => {
            let bytes = 0;
            response.on("data", (chunk: Buffer) => (bytes += chunk.length));
            response.on("end", () =>
              response.statusCode === 200 ? resolve(bytes) : reject(new Error(`getcoursemodules answered ${response.statusCode}`)),
            );
            response.on("error", reject);
          },
        );
        outgoing.on("error", reject);
        outgoing.end(JSON.stringify({ query: 1 }));
      });
    // The first answer fills the cache; a few more let the JIT and the heap settle, so the
    // median compares steady states (with 5 rounds, cost_ratio_10x wandered from 6.7 to 14.7).
    for (let warmUp = 0; warmUp < 3; warmUp++) await request();
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      bytes = await request();
      times.push(performance.now() - started);
    }
    agent.destroy();
    const body = (
      await app.inject({
        method: "POST",
        url: "/reactapi/getcoursemodules",
        headers: { "content-type": "application/json", cookie: `session=${token}` },
        payload: { query: 1 },
      })
    ).body;
    const parsed = JSON.parse(body) as CourseModule[];
    const treeTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      buildModuleTree(parsed);
      treeTimes.push(performance.now() - started);
    }
    await app.close();
    return { modules: generated.modules, lessons: generated.lessons, p50: median(times), bytes, treeMs: median(treeTimes) };
  } finally {
    await database.close();
  }
}
