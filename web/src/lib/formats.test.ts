import { afterEach, describe, expect, it } from "vitest";
import { dateFormatOnUse } from "./formats.ts";

const BuiltIn = Intl.DateTimeFormat;
afterEach(() => {
  Intl.DateTimeFormat = BuiltIn;
});

describe("a date formatter made on first use", () => {
  it("builds nothing until it first formats, then builds once and formats as Intl does", () => {
    let built = 0;
    Intl.DateTimeFormat = class extends BuiltIn {
      constructor(...args: ConstructorParameters<typeof BuiltIn>) {
        super(...args);
        built += 1;
      }
    } as typeof BuiltIn;
    const dayFormat = dateFormatOnUse({ day: "numeric", month: "long", timeZone: "UTC" }, "en-GB");
    expect(built).toBe(0);

    expect(dayFormat.format(new Date("2027-03-02T09:00:00Z"))).toBe("2 March");
    expect(dayFormat.format(new Date("2027-12-25T09:00:00Z"))).toBe("25 December");
    expect(built).toBe(1);
  });
});
