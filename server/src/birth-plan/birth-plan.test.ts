import { describe, expect, it } from "vitest";
import { movableClock } from "../lib/clock.ts";
import { readPdf } from "../../../testing/pdf-text.ts";
import {
  backends,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  register,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  uniqueEmail,
  useTestApp,
} from "../../../testing/test-app.ts";

type Plan = { sections: { id: string; title: string; options: { id: string; label: string }[] }[]; revision: number };
const options = (plan: Plan) => plan.sections.flatMap((section) => section.options);

// docs/product.md, Birth preferences.
describe.each(backends)("birth preferences on %s", (backend) => {
  const context = useTestApp(backend);
  const post = (url: string, cookie: string, payload: Record<string, unknown>) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload });
  const get = (url: string, cookie: string) => context.app.inject({ method: "GET", url, headers: { cookie } });

  it("saves her choices with a revision, and a save from an older copy gets 409 and the sentence", async () => {
    const member = await signedInMember(context.app, "planner");
    const first = (await get("/reactapi/birth-plan", member.cookie)).json() as Plan & { choices: unknown[] };
    expect(first.revision).toBe(0);
    expect(first.choices).toEqual([]);
    expect(first.sections.map((section) => section.title)).toContain("Pain relief");
    const [one, two] = options(first);
    const saved = await post("/reactapi/birth-plan", member.cookie, {
      choices: [{ option_id: one!.id, note: "Low lights please" }, { option_id: "gone-option" }],
      support_people: "Sam (partner), Ada (doula)",
      revision: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().revision).toBe(1);
    // A second device that loaded revision 0 too.
    const stale = await post("/reactapi/birth-plan", member.cookie, { choices: [{ option_id: two!.id }], revision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toContain("changed on another device");
    const staleAgain = await post("/reactapi/birth-plan", member.cookie, { choices: [], revision: 5 });
    expect(staleAgain.statusCode).toBe(409);
    const now = (await get("/reactapi/birth-plan", member.cookie)).json();
    expect(now.choices).toEqual([{ option_id: one!.id, note: "Low lights please" }]);
    expect(now.support_people).toBe("Sam (partner), Ada (doula)");
    expect(now.revision).toBe(1);
    const bad = await post("/reactapi/birth-plan", member.cookie, {
      choices: [{ option_id: one!.id, note: "x".repeat(301) }],
      revision: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details["choices.0.note"]).toBe("Keep a note under 300 characters.");
  });

  it("prints her choices: 20 with short notes on one page, 40 on at most two, on A4 and Letter", async () => {
    const email = uniqueEmail("printer");
    await register(context.app, { email, password: GOOD_PASSWORD, access_code: "TEST-CODE", first_name: "Zoë", last_name: "Łukasiewicz" });
    const cookie = sessionCookieOf(await login(context.app, email));
    await post("/reactapi/account/pacing", cookie, { due_date: "2027-02-14", baby_arrived: false });
    const plan = (await get("/reactapi/birth-plan", cookie)).json() as Plan;
    const all = options(plan);
    expect(all.length).toBeGreaterThanOrEqual(40);
    const choose = async (count: number, revision: number) => {
      const saved = await post("/reactapi/birth-plan", cookie, {
        choices: all.slice(0, count).map((option, index) => ({ option_id: option.id, note: `note ${index + 1}, kept short` })),
        support_people: "Sam and our doula",
        revision,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return saved.json().revision as number;
    };
    const revision = await choose(20, 0);
    for (const size of ["a4", "letter"]) {
      const pdf = await get(`/reactapi/birth-plan.pdf?size=${size}`, cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      const { text, pages } = await readPdf(new Uint8Array(pdf.rawPayload));
      expect(pages).toBe(1);
      expect(text).toContain("Zoë Łukasiewicz");
      expect(text).toContain("Due 14 February 2027");
      expect(text).toContain("Sam and our doula");
      for (const option of all.slice(0, 20)) expect(text.replace(/\s+/g, " ")).toContain(option.label.replace(/\s+/g, " "));
      expect(text).toContain("note 20, kept short");
      expect(text).not.toContain(all[20]!.label);
    }
    await choose(all.length >= 40 ? 40 : all.length, revision);
    for (const size of ["a4", "letter"]) {
      const { text, pages } = await readPdf(new Uint8Array((await get(`/reactapi/birth-plan.pdf?size=${size}`, cookie)).rawPayload));
      expect(pages).toBeLessThanOrEqual(2);
      expect(text).toContain("note 40, kept short");
    }
    expect((await get("/reactapi/birth-plan.pdf?size=legal", cookie)).statusCode).toBe(400);

    // In her language (docs/languages.md): the words around her choices are Spanish; her notes stay as she wrote them.
    expect((await post("/reactapi/account/language", cookie, { language: "es" })).statusCode).toBe(200);
    const { text: spanish } = await readPdf(new Uint8Array((await get("/reactapi/birth-plan.pdf?size=a4", cookie)).rawPayload));
    expect(spanish).toContain("Preferencias para el parto");
    expect(spanish).toContain("Fecha probable de parto: 14 de febrero de 2027");
    expect(spanish).toContain("Con el apoyo de Sam and our doula");
    expect(spanish).toContain("note 1, kept short");
    expect(spanish).not.toContain("These are my wishes");
    // The shipped sections and options are Spanish too, for a Spanish hospital, and keep the ids she chose.
    expect(spanish.replace(/\s+/g, " ")).toContain("Me gustaría moverme con libertad y cambiar de postura");
    expect(spanish).not.toContain("I would like to move freely");
    const inSpanish = (await get("/reactapi/birth-plan", cookie)).json() as Plan;
    expect(options(inSpanish).map((option) => option.id)).toEqual(all.map((option) => option.id));
    expect(inSpanish.sections.map((section) => section.title)).toContain("Alivio del dolor");
  });

  it("lets the instructor edit the sections and options, keeping the ids members chose", async () => {
    const instructor = await signedInInstructor(context.app, context.database.db, "plan-instructor");
    const member = await signedInMember(context.app, "plan-template");
    const template = (await get("/reactapi/studio/birth-plan", instructor.cookie)).json() as Plan;
    expect((await get("/reactapi/studio/birth-plan", member.cookie)).statusCode).toBe(403);
    const kept = template.sections[0]!;
    const saved = await post("/reactapi/studio/birth-plan", instructor.cookie, {
      sections: [
        { id: kept.id, title: "Where I labour", options: [{ ...kept.options[0]!, lesson_id: 1001 }] },
        { title: "Music and words", options: [{ label: "A playlist I chose" }] },
      ],
      revision: template.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await post("/reactapi/studio/birth-plan", instructor.cookie, {
      sections: template.sections,
      revision: template.revision,
    });
    expect(stale.statusCode).toBe(409);
    const seen = (await get("/reactapi/birth-plan", member.cookie)).json() as Plan & {
      sections: { options: { lesson_id: number | null }[] }[];
    };
    expect(seen.sections.map((section) => section.title)).toEqual(["Where I labour", "Music and words"]);
    expect(seen.sections[0]!.options[0]).toMatchObject({ id: kept.options[0]!.id, lesson_id: 1001, course_id: 1 });
    expect(seen.sections[1]!.options[0]!.id).toMatch(/^option-/);
  });

  it("offers the instructor every lesson by name to link an option to, and refuses a lesson that does not exist", async () => {
    const instructor = await signedInInstructor(context.app, context.database.db, "plan-lessons");
    const template = (await get("/reactapi/studio/birth-plan", instructor.cookie)).json() as Plan & {
      lessons: { id: number; title: string; course_title: string }[];
    };
    expect(template.lessons).toContainEqual({
      id: 1002,
      title: "Your birth preferences",
      course_title: "Comprehensive Childbirth Education",
    });
    expect(new Set(template.lessons.map((lesson) => lesson.id)).size).toBe(template.lessons.length);
    const refused = await post("/reactapi/studio/birth-plan", instructor.cookie, {
      sections: [
        {
          title: "A quiet room",
          options: [
            { label: "A playlist", lesson_id: 1002 },
            { label: "Silence", lesson_id: 987654 },
          ],
        },
      ],
      revision: template.revision,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({ "sections.0.options.1.lesson_id": "There is no lesson 987654; choose one from the list." });
    const after = (await get("/reactapi/studio/birth-plan", instructor.cookie)).json() as Plan;
    expect(after.revision).toBe(template.revision);
    expect(after.sections.map((section) => section.title)).not.toContain("A quiet room");
  });

  it("shows her plan read-only to her partner only when she shares it", async () => {
    const her = await signedInMember(context.app, "sharer");
    const plan = (await get("/reactapi/birth-plan", her.cookie)).json() as Plan;
    await post("/reactapi/birth-plan", her.cookie, { choices: [{ option_id: options(plan)[0]!.id, note: "" }], revision: 0 });
    const email = uniqueEmail("reader");
    await post("/reactapi/account/partner/invite", her.cookie, { email });
    const { mailOutbox } = await import("../mail/mail-schema.ts");
    const { eq } = await import("drizzle-orm");
    const [mail] = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const invitation = mail!.textBody.match(/invitation=([A-Za-z0-9_-]+)/)![1];
    expect((await register(context.app, { email, password: GOOD_PASSWORD, invitation })).statusCode).toBe(201);
    const him = sessionCookieOf(await login(context.app, email));
    expect((await get("/reactapi/birth-plan", him)).statusCode).toBe(403);
    await post("/reactapi/account/partner/sharing", her.cookie, { birth_plan: true });
    const read = (await get("/reactapi/birth-plan", him)).json();
    expect(read).toMatchObject({ read_only: true, revision: 1, choices: [{ option_id: options(plan)[0]!.id }] });
    expect((await get("/reactapi/birth-plan.pdf", him)).statusCode).toBe(200);
    expect((await post("/reactapi/birth-plan", him, { choices: [], revision: 1 })).statusCode).toBe(403);
  });
});

describe.each(backends)("birth preferences on a 1:1 booking on %s", (backend) => {
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  const context = useTestApp(backend, { clock });
  const send = (method: "GET" | "POST", url: string, cookie: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url, headers: { ...jsonHeaders, cookie }, ...(payload ? { payload } : {}) });

  it("offers the instructor her plan on her booking only while she shares it", async () => {
    const instructor = await signedInInstructor(context.app, context.database.db, "booking-instructor");
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    expect(
      (await send("POST", "/reactapi/studio/calendar/hours", instructor.cookie, { time_zone: "UTC", weekly, exceptions: [] })).statusCode,
    ).toBe(200);
    const service = await send("POST", "/reactapi/studio/calendar/services", instructor.cookie, {
      name: "Birth plan chat",
      duration_minutes: 30,
      min_notice_hours: 2,
    });
    expect(service.statusCode, service.body).toBe(201);
    const serviceId = service.json().id as number;
    const slots = (
      await context.app.inject({ url: `/reactapi/bookings/services/${serviceId}/slots?from=2027-03-02T00:00:00Z&to=2027-03-03T00:00:00Z` })
    ).json().slots as string[];
    const member = await signedInMember(context.app, "booking-planner");
    const booked = await send("POST", "/reactapi/bookings", member.cookie, {
      service_id: serviceId,
      start: slots[0],
      name: "Maya",
      note: "",
      email: member.email,
    });
    expect(booked.statusCode, booked.body).toBeLessThan(300);
    const list = async () =>
      (
        (
          await send("GET", "/reactapi/studio/calendar/bookings?from=2027-03-01T00:00:00Z&to=2027-03-08T00:00:00Z", instructor.cookie)
        ).json().bookings as {
          id: number;
          email: string;
          birth_plan_shared: boolean;
        }[]
      ).find((booking) => booking.email === member.email)!;
    const booking = await list();
    expect(booking.birth_plan_shared).toBe(false);
    expect((await send("GET", `/reactapi/studio/bookings/${booking.id}/birth-plan.pdf`, instructor.cookie)).statusCode).toBe(404);

    const plan = (await send("GET", "/reactapi/birth-plan", member.cookie)).json() as Plan;
    const saved = await send("POST", "/reactapi/birth-plan", member.cookie, {
      choices: [{ option_id: options(plan)[0]!.id, note: "for our chat" }],
      share_with_instructor: true,
      revision: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await list()).birth_plan_shared).toBe(true);
    const pdf = await send("GET", `/reactapi/studio/bookings/${booking.id}/birth-plan.pdf`, instructor.cookie);
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(new Uint8Array(pdf.rawPayload))).text).toContain("for our chat");
    expect((await send("GET", `/reactapi/studio/bookings/${booking.id}/birth-plan.pdf`, member.cookie)).statusCode).toBe(403);
  });
});
