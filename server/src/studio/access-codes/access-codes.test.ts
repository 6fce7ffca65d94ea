import { describe, expect, it } from "vitest";
import { backends, jsonHeaders, signedInInstructor, useTestApp } from "../../../../testing/test-app.ts";
import { movableClock } from "../../lib/clock.ts";

// docs/studio.md, Access codes: a code's state is read on the practice's clock, as registration
// reads it, so the studio never says "active" of a code registration refuses.

describe.each(backends)("access codes on the app's clock, on %s", (backend) => {
  const clock = movableClock(new Date("2031-03-10T12:00:00Z"));
  const context = useTestApp(backend, { clock });

  it("says a code has expired once the app's day is past its last day, and says so when she opens it again", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "codes-clock");
    const send = (method: "GET" | "POST", url: string, payload?: object) =>
      context.app.inject({ method, url, headers: { ...jsonHeaders, cookie: doula.cookie }, ...(payload ? { payload } : {}) });
    const created = await send("POST", "/reactapi/studio/access-codes", { code: "spring-clock", expires_on: "2031-03-11" });
    expect(created.statusCode, created.body).toBe(201);
    const stateOf = async () =>
      ((await send("GET", "/reactapi/studio/access-codes")).json().codes as { code: string; status: string }[]).find(
        (code) => code.code === "SPRING-CLOCK",
      )?.status;
    expect(await stateOf()).toBe("active");

    clock.set(new Date("2031-03-12T12:00:00Z"));
    expect(await stateOf()).toBe("expired");
    const reopened = await send("POST", "/reactapi/studio/access-codes/SPRING-CLOCK/reactivate", {});
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().message).toBe("Reactivated access code SPRING-CLOCK. It works again, though it is expired.");
  });
});
