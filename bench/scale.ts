import type { CourseModule } from "../contract/catalogue.ts";
import { startSession } from "../server/src/accounts/sessions.ts";
import { buildApp } from "../server/src/app.ts";
import { importCatalogue } from "../server/src/catalogue/catalogue-transfer.ts";
import { loadConfig } from "../server/src/config.ts";
import { openDatabase } from "../server/src/db/client.ts";
import { users } from "../server/src/db/schema.ts";
import { buildModuleTree } from "../web/src/features/course/module-tree.ts";

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
export async function measureScale(topModules: number, lessonsPerModule: number, rounds = 5) {
  const generated = generatedCatalogue(topModules, lessonsPerModule);
  const database = await openDatabase({ dataDir: "memory" });
  try {
    await importCatalogue(database.db, generated.document);
    const [admin] = await database.db.insert(users).values({ email: "bench@example.com", passwordHash: "x", role: "admin" }).returning();
    const { token } = await startSession(database.db, admin!.id, 1);
    const app = await buildApp({ db: database.db, config: loadConfig({ NODE_ENV: "test" }) });
    const request = () =>
      app.inject({ method: "POST", url: "/reactapi/getcoursemodules", headers: { "content-type": "application/json", cookie: `session=${token}` }, payload: { query: 1 } });
    await request();
    const times: number[] = [];
    let body = "";
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const response = await request();
      times.push(performance.now() - started);
      body = response.body;
    }
    const parsed = JSON.parse(body) as CourseModule[];
    const treeTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      buildModuleTree(parsed);
      treeTimes.push(performance.now() - started);
    }
    await app.close();
    return { modules: generated.modules, lessons: generated.lessons, p50: median(times), bytes: Buffer.byteLength(body), treeMs: median(treeTimes) };
  } finally {
    await database.close();
  }
}
