import { describe, expect, it } from "vitest";
import { readDownloads } from "./lesson-downloads.ts";

describe("readDownloads", () => {
  it("lists each file by its filename, with its download link", () => {
    expect(readDownloads('[{"filename":"plan.txt","url":"/reactapi/downloads/7"},{"filename":"b.pdf"}]')).toEqual({
      kind: "list",
      files: [
        { label: "plan.txt", url: "/reactapi/downloads/7" },
        { label: "b.pdf", url: null },
      ],
    });
  });

  it("says 'Filename not found' for an entry without a filename", () => {
    expect(readDownloads('[{"url":"/reactapi/downloads/7"},{}, null]')).toEqual({
      kind: "list",
      files: [
        { label: "Filename not found", url: null },
        { label: "Filename not found", url: null },
        { label: "Filename not found", url: null },
      ],
    });
  });

  it("says 'none available' when the data is not a list", () => {
    expect(readDownloads('{"filename":"a"}')).toEqual({ kind: "message", text: "none available" });
    expect(readDownloads("42")).toEqual({ kind: "message", text: "none available" });
    expect(readDownloads("[]")).toEqual({ kind: "message", text: "none available" });
  });

  it("says 'Error loading downloads' when the text is not JSON", () => {
    expect(readDownloads("[{filename:")).toEqual({ kind: "message", text: "Error loading downloads" });
  });

  it("says 'No download data available' when there is none", () => {
    for (const missing of [null, undefined, ""])
      expect(readDownloads(missing)).toEqual({ kind: "message", text: "No download data available" });
  });

  it("never links outside the app's download route", () => {
    expect(readDownloads('[{"filename":"x","url":"javascript:alert(1)"}]')).toEqual({ kind: "list", files: [{ label: "x", url: null }] });
  });
});
