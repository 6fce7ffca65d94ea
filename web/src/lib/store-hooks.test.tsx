import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeStore, StoreContext, useSharedInSlices, type SharedState, type Store } from "./store-hooks.ts";

// The parts another module adds by declaration merging are not needed here: a plain state stands in.
type Parts = { notes: Record<string, string>; other: number };
const partsOf = (state: SharedState) => state as unknown as Parts;

function Note({ name, renders }: { name: string; renders: string[] }) {
  const note = useSharedInSlices((state) => partsOf(state).notes[name]);
  renders.push(`${name}:${note ?? "none"}`);
  return <p>{note ?? "none"}</p>;
}

function showNote(store: Store, name: string, renders: string[]) {
  return render(
    <StoreContext.Provider value={store}>
      <Note name={name} renders={renders} />
    </StoreContext.Provider>,
  );
}

describe("a screen's part of the shared state, changed in slices", () => {
  it("renders again when its part is replaced, and not when another part is", async () => {
    const store = makeStore({ notes: { a: "first" }, other: 0 } as unknown as SharedState);
    const renders: string[] = [];
    showNote(store, "a", renders);
    expect(screen.getByText("first")).toBeTruthy();
    const before = renders.length;

    await act(async () => store.update((state) => ({ other: partsOf(state).other + 1 }) as Partial<SharedState>));
    expect(renders).toHaveLength(before);

    await act(async () => store.update((state) => ({ notes: { ...partsOf(state).notes, a: "second" } }) as Partial<SharedState>));
    expect(screen.getByText("second")).toBeTruthy();
  });

  it("shows the part of what it is asked for at once when that changes, never the one before", () => {
    const store = makeStore({ notes: { a: "about a", b: "about b" }, other: 0 } as unknown as SharedState);
    const renders: string[] = [];
    const { rerender } = showNote(store, "a", renders);
    rerender(
      <StoreContext.Provider value={store}>
        <Note name="b" renders={renders} />
      </StoreContext.Provider>,
    );
    expect(renders.filter((entry) => entry.startsWith("b:"))).toEqual(["b:about b"]);
    expect(screen.getByText("about b")).toBeTruthy();
  });

  it("catches a change made between its render and its subscription", async () => {
    const store = makeStore({ notes: {}, other: 0 } as unknown as SharedState);
    const renders: string[] = [];
    function ChangesWhileRendering() {
      // Stands in for an answer that lands after the note has rendered and before its effects run.
      if (!partsOf(store.getState()).notes.a) store.update(() => ({ notes: { a: "arrived" } }) as Partial<SharedState>);
      return null;
    }
    await act(async () => {
      render(
        <StoreContext.Provider value={store}>
          <Note name="a" renders={renders} />
          <ChangesWhileRendering />
        </StoreContext.Provider>,
      );
    });
    expect(await screen.findByText("arrived")).toBeTruthy();
  });
});
