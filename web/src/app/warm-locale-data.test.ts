import { afterEach, describe, expect, it, vi } from "vitest";
import { warmLocaleData } from "./warm-locale-data.ts";

afterEach(() => vi.unstubAllGlobals());

describe("the locale data loaded beside the page", () => {
  it("starts a worker with the page's locale (en-GB for English) and the reader's languages, and lets it go once it is done", () => {
    const started: { url: string; options?: WorkerOptions; sent: unknown[]; ended: boolean; reply?: () => void }[] = [];
    vi.stubGlobal(
      "Worker",
      class {
        onmessage: (() => void) | null = null;
        private readonly record;
        constructor(url: URL | string, options?: WorkerOptions) {
          this.record = { url: String(url), options, sent: [] as unknown[], ended: false, reply: () => this.onmessage?.() };
          started.push(this.record);
        }
        postMessage(message: unknown) {
          this.record.sent.push(message);
        }
        terminate() {
          this.record.ended = true;
        }
      },
    );
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["es-MX", "es", "en-GB"]);
    warmLocaleData();
    expect(started).toHaveLength(1);
    expect(started[0]!.url).toMatch(/locale-data\.worker/);
    expect(started[0]!.options).toEqual({ type: "module" });
    expect(started[0]!.sent).toEqual([["en-GB", "es-MX", "es"]]);
    expect(started[0]!.ended).toBe(false);
    started[0]!.reply!();
    expect(started[0]!.ended).toBe(true);
  });

  it("does nothing where the browser has no workers, and nothing breaks when one cannot start", () => {
    vi.stubGlobal("Worker", undefined);
    expect(() => warmLocaleData()).not.toThrow();
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          throw new DOMException("blocked", "SecurityError");
        }
      },
    );
    expect(() => warmLocaleData()).not.toThrow();
  });

  it("formats in every language it is sent, one it cannot read included, and then says it is ready", async () => {
    const said: unknown[] = [];
    vi.stubGlobal("postMessage", (message: unknown) => said.push(message));
    await import("./locale-data.worker.ts");
    (globalThis.onmessage as (event: MessageEvent<string[]>) => void)(new MessageEvent("message", { data: ["es", "not a language!"] }));
    expect(said).toEqual(["ready"]);
  });
});
