import { sentence } from "../../../contract/languages.ts";

export type DownloadsView = { kind: "message"; text: string } | { kind: "list"; files: { label: string; url: string | null }[] };

export const downloadTexts = {
  missing: sentence("No download data available"),
  unreadable: sentence("Error loading downloads"),
  notAList: sentence("none available"),
  noFilename: sentence("Filename not found"),
} as const;

/** Reads a lesson's video_description (JSON array text of {filename, url}) into what the DOWNLOADS list shows (docs/product.md, Client state). */
export function readDownloads(videoDescription: unknown): DownloadsView {
  if (videoDescription === null || videoDescription === undefined || videoDescription === "") {
    return { kind: "message", text: downloadTexts.missing };
  }
  let parsed: unknown;
  try {
    parsed = typeof videoDescription === "string" ? JSON.parse(videoDescription) : videoDescription;
  } catch {
    return { kind: "message", text: downloadTexts.unreadable };
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return { kind: "message", text: downloadTexts.notAList };
  return {
    kind: "list",
    files: parsed.map((item) => {
      const record = item && typeof item === "object" ? (item as Record<string, unknown>) : {};
      const filename = typeof record.filename === "string" && record.filename.trim() !== "" ? record.filename : null;
      const url = typeof record.url === "string" && record.url.startsWith("/reactapi/downloads/") ? record.url : null;
      return { label: filename ?? downloadTexts.noFilename, url: filename ? url : null };
    }),
  };
}
