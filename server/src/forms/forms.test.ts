import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeCommand } from "../cli/admin-commands.ts";
import { backends, createTestApp, jsonHeaders, postgresMissingNotice, signedInMember, type TestApp } from "../../../testing/test-app.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

const goodContact = {
  email: "sam@example.com",
  full_name: "Sam Rivera",
  birth_location: "St. Mary's Hospital",
  due_date: "2027-03-14",
  location: "Portland",
  referral: "A friend",
  services: ["Birth Support", "Virtual Services"],
};

describe.each(backends)("feedback and contact forms on %s", (backend) => {
  let context: TestApp;
  let member: { email: string; cookie: string };
  beforeAll(async () => {
    context = await createTestApp(backend);
    member = await signedInMember(context.app);
  });
  afterAll(() => context.close());
  const post = (url: string, payload: unknown, cookie: string = member.cookie) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: payload as object });

  it("stores feedback with the member and the time, and the instructor can read it", async () => {
    const response = await post("/reactapi/feedback", {
      satisfaction: 4,
      recommend: 5,
      comments: "Lovely",
      liked_most: "The videos",
      improve: "",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), received_at: expect.any(String) });
    const inbox = await executeCommand(context.database.db, context.app.mediaStorage, { name: "inbox list", kind: "feedback" });
    expect(inbox.text).toContain(`feedback from ${member.email}`);
    expect(inbox.text).toContain("liked_most: The videos");
  });

  it("accepts the same feedback twice (the form may be sent again)", async () => {
    const feedback = { satisfaction: 3, recommend: 3 };
    expect((await post("/reactapi/feedback", feedback)).statusCode).toBe(201);
    expect((await post("/reactapi/feedback", feedback)).statusCode).toBe(201);
  });

  it.each([
    [{ satisfaction: 0, recommend: 3 }, "satisfaction"],
    [{ satisfaction: 6, recommend: 3 }, "satisfaction"],
    [{ satisfaction: 3, recommend: 2.5 }, "recommend"],
    [{ satisfaction: "5", recommend: 3 }, "satisfaction"],
    [{ recommend: 3 }, "satisfaction"],
    [{ satisfaction: 3, recommend: 3, comments: "x".repeat(5001) }, "comments"],
  ])("refuses the feedback %j with 400 naming %s", async (payload, field) => {
    const response = await post("/reactapi/feedback", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toEqual(expect.any(String));
  });

  it("stores a contact request", async () => {
    const response = await post("/reactapi/contact", goodContact);
    expect(response.statusCode).toBe(201);
    const inbox = await executeCommand(context.database.db, context.app.mediaStorage, { name: "inbox list", kind: "contact" });
    expect(inbox.text).toContain("services: Birth Support, Virtual Services");
    expect(inbox.text).toContain("due_date: 2027-03-14");
  });

  it.each([
    [{ services: [] }, "services", /at least one service/],
    [{ services: ["Massage"] }, "services.0", /from the list/],
    [{ services: ["Birth Support", "Birth Support"] }, "services", /only once/],
    [{ due_date: "2027-02-30" }, "due_date", /real date/],
    [{ due_date: "14/03/2027" }, "due_date", /real date/],
    [{ email: "sam" }, "email", /valid e-mail/],
    [{ full_name: "  " }, "full_name", /full name/],
  ])("refuses the contact change %j with 400 naming %s", async (change, field, text) => {
    const response = await post("/reactapi/contact", { ...goodContact, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[field]).toMatch(text);
  });

  it("answers both forms only to members", async () => {
    expect((await post("/reactapi/feedback", { satisfaction: 3, recommend: 3 }, "")).statusCode).toBe(401);
    expect((await post("/reactapi/contact", goodContact, "")).statusCode).toBe(401);
  });
});
