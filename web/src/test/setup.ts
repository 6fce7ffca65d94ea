import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy… and waitFor wait up to 5 s instead of 1: the test run keeps both cores busy (three files
// at a time, vitest.config.ts), and a screen drawn in a transition may take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
