import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAfterFirstPaint } from "./use-after-first-paint.ts";

function Player() {
  const painted = useAfterFirstPaint();
  return <p>{painted ? "player" : "place for the player"}</p>;
}

describe("useAfterFirstPaint", () => {
  it("is false on the first render and turns true once a frame has been painted", async () => {
    render(<Player />);
    expect(screen.getByText("place for the player")).toBeInTheDocument();
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(screen.getByText("player")).toBeInTheDocument();
  });
});
