import { describe, expect, it } from "vitest";
import {
  backends,
  DEMO_CODE,
  GOOD_PASSWORD,
  jsonHeaders,
  postgresMissingNotice,
  signedInMember,
  useTestApp,
} from "../../../testing/test-app.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

describe.each(backends)("a NUL character in a request on %s", (backend) => {
  const context = useTestApp(backend);

  it.each([
    [
      "a name at registration",
      "/reactapi/users/register",
      { email: "nul@example.com", password: GOOD_PASSWORD, access_code: DEMO_CODE, first_name: "Ma\u0000ya" },
    ],
    ["an e-mail at login", "/reactapi/users/login", { email: "nul\u0000@example.com", password: GOOD_PASSWORD }],
    ["a feedback comment", "/reactapi/feedback", { satisfaction: 4, recommend: 3, comments: "calm\u0000" }],
    ["a key", "/reactapi/feedback", { satisfaction: 4, recommend: 3, "comm\u0000ents": "calm" }],
  ])("is refused with 400 and a sentence in %s, and nothing is stored", async (_where, url, payload) => {
    const member = await signedInMember(context.app, "nul");
    const response = await context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie: member.cookie }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain("NUL character");
  });

  it("is refused in a query string or a path too", async () => {
    const member = await signedInMember(context.app, "nul-path");
    for (const url of ["/reactapi/getcourses?x=%00", "/reactapi/payments/checkout/cs_%00"]) {
      const response = await context.app.inject({ url, headers: { cookie: member.cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toContain("NUL character");
    }
  });
});
