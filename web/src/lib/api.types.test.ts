import { describe, expect, it } from "vitest";
import type { AnswerOf } from "./api.ts";
import { addressOf } from "./api.ts";

// Checked by the type checker (npm run typecheck), which fails when an expected error does not
// happen: a screen cannot read a field its endpoint's answer lacks, nor choose the answer's type,
// nor call an endpoint without what it needs.
function typeChecks(summary: AnswerOf<"progressSummary">, account: AnswerOf<"myAccount">) {
  void summary.courses[0]?.completed;
  // @ts-expect-error: the summary has no such field
  void summary.no_such_field;
  void account.profile.email;
  // @ts-expect-error: an account's profile has no password
  void account.profile.password_hash;
  // @ts-expect-error: a course's progress needs its course
  addressOf("courseProgress");
  // @ts-expect-error: no endpoint has this name
  addressOf("getEverything");
}

describe("endpoint addresses", () => {
  it("fill the path's parameters and leave empty query values out", () => {
    expect(addressOf("courseProgress", { params: { courseId: 4 } })).toBe("/reactapi/progress/courses/4");
    expect(addressOf("manageBooking", { params: { token: "AB CD/1" } })).toBe("/reactapi/bookings/manage/AB%20CD%2F1");
    expect(addressOf("progressSummary")).toBe("/reactapi/progress/summary");
    expect(typeof typeChecks).toBe("function");
  });
});
