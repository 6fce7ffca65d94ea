import { describe, expect, it } from "vitest";
import type { CourseModule, OpenLesson } from "../../../contract/catalogue.ts";
import { backends, demoCatalogue, jsonHeaders, postgresMissingNotice, signedInMember, useTestApp } from "../../../testing/test-app.ts";
import { exportCatalogue, importCatalogue } from "./catalogue-transfer.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

const hostileFile = {
  format: "doula-course-catalogue",
  version: 1,
  subscription_plans: [],
  courses: [
    {
      id: 7,
      title: "Hostile",
      description_html: `<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror="alert(3)"></p>`,
      modules: [
        {
          id: 70,
          title: "Only module",
          description_html: `<iframe src="https://evil.example"></iframe><em>kept</em>`,
          visible_in_preview: true,
          lessons: [
            {
              id: 700,
              title: "Only lesson",
              note_html: `<a href="https://example.com" onmouseover="x()">link</a><style>body{}</style>`,
              content_summary_html: `<svg onload="alert(4)"></svg><strong>summary</strong>`,
              downloads: [{ id: 7000, filename: "a.txt", content_type: "text/plain", base64: Buffer.from("bytes").toString("base64") }],
            },
          ],
          modules: [],
        },
      ],
    },
  ],
};

describe.each(backends)("catalogue import and export on %s", (backend) => {
  const context = useTestApp(backend);
  const db = () => context.database.db;

  it("exports the catalogue in a form that imports back unchanged", async () => {
    const exported = await exportCatalogue(db(), context.app.mediaStorage);
    const summary = await importCatalogue(db(), exported, context.app.mediaStorage);
    expect(summary.changed).toBe(false);
    expect(await exportCatalogue(db(), context.app.mediaStorage)).toEqual(exported);
  });

  it("changes nothing when the same file is imported again", async () => {
    const summary = await importCatalogue(db(), demoCatalogue, context.app.mediaStorage);
    expect(summary).toMatchObject({ courses: 4, subscription_plans: 2, changed: false });
  });

  it("refuses an invalid file whole, naming the problems, and changes nothing", async () => {
    const before = await exportCatalogue(db(), context.app.mediaStorage);
    const broken = structuredClone(demoCatalogue) as { courses: { id: number; title: string }[] };
    broken.courses[0]!.title = "A new title that must not land";
    broken.courses[1]!.id = broken.courses[2]!.id;
    await expect(importCatalogue(db(), broken, context.app.mediaStorage)).rejects.toThrow(/course id 3 is used twice/);
    await expect(importCatalogue(db(), { format: "something else" }, context.app.mediaStorage)).rejects.toThrow(/not valid/);
    expect(await exportCatalogue(db(), context.app.mediaStorage)).toEqual(before);
  });

  it("sanitises every HTML field on the way in", async () => {
    await importCatalogue(
      db(),
      { ...demoCatalogue, courses: [...(demoCatalogue.courses as object[]), ...hostileFile.courses] },
      context.app.mediaStorage,
    );
    const exported = JSON.stringify(await exportCatalogue(db(), context.app.mediaStorage));
    for (const forbidden of ["<script", "onclick", "onerror", "onmouseover", "onload", "javascript:", "<iframe", "<style", "<svg"]) {
      expect(exported).not.toContain(forbidden);
    }
    const member = await signedInMember(context.app);
    const courses = await context.app.inject({ url: "/reactapi/getcourses", headers: { cookie: member.cookie } });
    const hostile = courses.json().courses.find((course: { id: number }) => course.id === 7);
    expect(hostile.course_description).toBe(`<p>Hi<a rel="noopener noreferrer">x</a><img src="x" /></p>`);
    const modules: CourseModule[] = (
      await context.app.inject({
        method: "POST",
        url: "/reactapi/getcoursemodules",
        headers: { ...jsonHeaders, cookie: member.cookie },
        payload: { query: 7 },
      })
    ).json();
    const lesson = modules[0]!.lessons[0] as OpenLesson;
    expect(modules[0]!.module_description).toBe("<em>kept</em>");
    expect(lesson.html_note_content).toBe(`<a href="https://example.com" rel="noopener noreferrer">link</a>`);
    expect(lesson.content_summary).toBe("<strong>summary</strong>");
  });

  it("deletes what the file no longer has, keeping the rest", async () => {
    const summary = await importCatalogue(db(), demoCatalogue, context.app.mediaStorage);
    expect(summary.changed).toBe(true);
    const exported = await exportCatalogue(db(), context.app.mediaStorage);
    expect(exported.courses.map((course) => course.id)).toEqual([1, 2, 3, 4]);
  });
});
