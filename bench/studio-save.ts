import type { CourseModule, OpenLesson } from "../contract/catalogue.ts";
import type { StudioLesson } from "../contract/studio/courses.ts";
import { startSession } from "../server/src/accounts/sessions-repository.ts";
import { buildApp } from "../server/src/app.ts";
import { importCatalogue } from "../server/src/catalogue/catalogue-transfer.ts";
import { loadConfig } from "../server/src/config.ts";
import { openDatabase } from "../server/src/db/client.ts";
import { users } from "../server/src/accounts/accounts-schema.ts";
import { generatedCatalogue, median } from "./scale.ts";

/**
 * The instructor saving one lesson in the 5,000-lesson catalogue (target: p50 under 30 ms), on
 * the embedded database or on PostgreSQL, over a real socket: the save must touch that lesson,
 * not re-read or re-write the catalogue. After the last save a member's answer must carry it.
 */
export async function measureLessonSave(databaseUrl?: string, rounds = 40): Promise<number> {
  const generated = generatedCatalogue(100, 10);
  const database = await openDatabase({ dataDir: "memory", databaseUrl, poolSize: 4 });
  const app = await buildApp({ db: database.db, config: loadConfig({ NODE_ENV: "test" }) });
  try {
    await importCatalogue(database.db, generated.document, app.mediaStorage);
    const [instructor] = await database.db
      .insert(users)
      .values({ email: "bench-instructor@example.com", passwordHash: "x", role: "admin" })
      .returning();
    const { token } = await startSession(database.db, instructor!.id, 1, undefined);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const headers = { "content-type": "application/json", cookie: `session=${token}` };
    const lessonId = Math.ceil(generated.lessons / 2);
    const opened = (await (await fetch(`${address}/reactapi/studio/lessons/${lessonId}`, { headers })).json()) as StudioLesson;
    let revision = opened.revision;
    const save = async (round: number) => {
      const response = await fetch(`${address}/reactapi/studio/lessons/${lessonId}`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          title: `Saved ${round}`,
          content_summary_html: `<p>Round ${round}</p>`,
          note_html: opened.note_html,
          video_link: opened.video_link,
          revision,
        }),
      });
      if (response.status !== 200) throw new Error(`saving a lesson answered ${response.status}: ${await response.text()}`);
      revision = ((await response.json()) as { lesson: StudioLesson }).lesson.revision;
    };
    for (let warmUp = 0; warmUp < 3; warmUp++) await save(-warmUp);
    const times: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const started = performance.now();
      await save(round);
      times.push(performance.now() - started);
    }
    const modules = (await (
      await fetch(`${address}/reactapi/getcoursemodules`, { method: "POST", headers, body: JSON.stringify({ query: 1 }) })
    ).json()) as CourseModule[];
    const seen = modules.flatMap((module) => module.lessons).find((lesson) => lesson.id === lessonId) as OpenLesson | undefined;
    if (seen?.lesson_title !== `Saved ${rounds}`)
      throw new Error(`a member's next answer did not carry the save (it says "${seen?.lesson_title}")`);
    return median(times);
  } finally {
    await app.close();
    await database.close();
  }
}
