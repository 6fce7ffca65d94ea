import { describe, expect, it } from "vitest";
import { withoutErrorStacks } from "./without-error-stacks.ts";

describe("loading React's DOM module without error stacks", () => {
  it("leaves errors built meanwhile without a stack, and gives the limit back after, a failed load included", async () => {
    const limit = Error.stackTraceLimit;
    const built = await withoutErrorStacks(async () => new Error("a marker"));
    expect(built.stack).toBeUndefined();
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error("after").stack).toContain("after");
    await expect(
      withoutErrorStacks(async () => {
        throw new Error("the module could not load");
      }),
    ).rejects.toThrow("could not load");
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
