// Lighthouse, like any browser with its developer tools attached, records where each Error is
// built. React's DOM module builds its marker errors (suspense, hydration) as it first runs,
// inside one function the size of the module, and placing them makes the browser read all of it
// again: a quarter of a second of a throttled phone's main thread, in the lab only
// (docs/performance.md). Markers need no stack, so none is taken while that module loads.

/** Runs `load` with Error.stackTraceLimit unset, and gives the limit back when it settles. */
export async function withoutErrorStacks<Result>(load: () => Promise<Result>): Promise<Result> {
  const limit = Error.stackTraceLimit;
  (Error as { stackTraceLimit: unknown }).stackTraceLimit = undefined;
  try {
    return await load();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
