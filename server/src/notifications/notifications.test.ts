import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { backends, GOOD_PASSWORD, jsonHeaders, signedInInstructor, signedInMember, useTestApp } from "../../../testing/test-app.ts";
import { takeOnClient } from "../../../testing/care-clients.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";
import { systemClock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { mailNotices } from "./notifications-mails.ts";
import { notifyStudio } from "./notifications-repository.ts";

// docs/notifications.md: what happened in her practice, told once, in the studio's list with its
// unread count, and by mail for the kinds she chose.

describe.each(backends)("the studio's notifications on %s", (backend) => {
  const context = useTestApp(backend);
  const app = () => context.app;
  const db = () => context.database.db;
  const get = (url: string, cookie: string, language = "en") =>
    app().inject({ method: "GET", url, headers: { cookie, "accept-language": language } });
  const post = (url: string, cookie: string, payload: unknown) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as object });
  const mailDeps = () => ({
    db: db(),
    clock: systemClock,
    mail: { practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }), publicUrl: "https://care.example" },
    sender: { wake: () => {} } as unknown as MailSender,
    siteLanguage: { current: async () => "en" as const },
  });

  it("asks who may read them before anything about the body", async () => {
    expect((await app().inject({ method: "POST", url: "/reactapi/studio/notifications/read", payload: "nonsense" })).statusCode).toBe(401);
    const member = await signedInMember(app(), "notices-member");
    expect((await get("/reactapi/studio/notifications", member.cookie)).statusCode).toBe(403);
    expect((await post("/reactapi/studio/notifications/choices", member.cookie, { choices: { booking: "mail" } })).statusCode).toBe(403);
  });

  it("lists what her client did, newest first, in the reader's language, unread until she has seen it", async () => {
    const doula = await signedInInstructor(app(), db(), "notices-doula");
    const client = await takeOnClient(app(), db(), doula.cookie, { prefix: "notices-client", firstName: "Lucía" });
    const signed = await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Lucía Díaz", agree: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await post(`/reactapi/care/${client.recordId}/messages`, client.cookie, { text: "Can we meet on Friday?" })).statusCode).toBe(
      201,
    );

    const listed = (await get("/reactapi/studio/notifications", doula.cookie)).json();
    const hers = listed.notices.filter((notice: { link: string }) => notice.link === `/studio/clients/${client.recordId}`);
    expect(hers.map((notice: { kind: string; text: string; unread: boolean }) => [notice.kind, notice.text, notice.unread])).toEqual([
      ["client_message", "Lucía Díaz wrote to you.", true],
      ["client_signed", "Lucía Díaz signed her agreement.", true],
    ]);
    expect(listed.unread).toBeGreaterThanOrEqual(2);
    const inSpanish = (await get("/reactapi/studio/notifications", doula.cookie, "es")).json();
    expect(inSpanish.notices.map((notice: { text: string }) => notice.text)).toContain("Lucía Díaz firmó su acuerdo.");

    // Seen up to the newest she was shown: what comes after stays unread.
    const read = await post("/reactapi/studio/notifications/read", doula.cookie, { up_to: listed.notices[0].id });
    expect([read.statusCode, read.json().unread]).toEqual([200, 0]);
    expect((await post(`/reactapi/care/${client.recordId}/messages`, client.cookie, { text: "Or Saturday." })).statusCode).toBe(201);
    const after = (await get("/reactapi/studio/notifications", doula.cookie)).json();
    expect(after.unread).toBe(1);
    expect(after.notices[0]).toMatchObject({ kind: "client_message", unread: true });

    // What the studio was told about her goes with her account.
    expect((await post("/reactapi/account/delete", client.cookie, { password: GOOD_PASSWORD })).statusCode).toBe(200);
    const gone = (await get("/reactapi/studio/notifications", doula.cookie)).json();
    expect(gone.notices.filter((notice: { link: string }) => notice.link === `/studio/clients/${client.recordId}`)).toEqual([]);
  });

  it("tells once however often it is told, and mails once, only the kinds she chose, in her language", async () => {
    const doula = await signedInInstructor(app(), db(), "notices-mail");
    const refused = await post("/reactapi/studio/notifications/choices", doula.cookie, { choices: { booking: "pigeon" } });
    expect(refused.statusCode).toBe(400);
    const chosen = await post("/reactapi/studio/notifications/choices", doula.cookie, { choices: { registry_gift: "mail" } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().choices).toMatchObject({ registry_gift: "mail", booking: "list" });
    await mailNotices(mailDeps()); // what came before is not hers to hear of by mail
    const gift = {
      kind: "registry_gift" as const,
      key: `registry-gift:test-${Date.now()}`,
      message: "{giver} gave {amount} through the registry of {name}.",
      values: { giver: "Ana", amount: { money: 5_000, currency: "EUR" }, name: "Rosa Díaz" },
      link: "/studio/gifts",
    };
    // A retried webhook, or two servers: the same key is one notice.
    await Promise.all([notifyStudio(db(), gift, new Date()), notifyStudio(db(), gift, new Date())]);
    await notifyStudio(
      db(),
      {
        ...gift,
        kind: "booking",
        key: `booking:test-${Date.now()}`,
        message: "{name} booked {service}.",
        values: { name: "Ana", service: "A first call" },
      },
      new Date(),
    );
    const listed = (await get("/reactapi/studio/notifications", doula.cookie)).json();
    expect(
      listed.notices.filter((notice: { text: string }) => notice.text === "Ana gave €50.00 through the registry of Rosa Díaz."),
    ).toHaveLength(1);

    const [first, second] = await Promise.all([mailNotices(mailDeps()), mailNotices(mailDeps())]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await mailNotices(mailDeps())).toBe(0);
    const mailed = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, doula.email), eq(mailOutbox.kind, "studio_notice")));
    expect(mailed.map((mail) => mail.subject)).toEqual(["Ana gave €50.00 through the registry of Rosa Díaz."]);
    expect(mailed[0]!.textBody).toContain("https://care.example/studio/gifts");
  });
});
