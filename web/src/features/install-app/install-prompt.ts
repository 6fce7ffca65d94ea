import { useSyncExternalStore } from "react";

/** Chrome's install offer (not yet in TypeScript's DOM types). */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

// The browser makes its offer once, early, on whatever page is open; it is kept here until the
// member opens "Get the app" and presses Install.
let offer: InstallPromptEvent | null = null;
type InstallState = { canInstall: boolean; installed: boolean };
let state: InstallState = { canInstall: false, installed: false };
const listeners = new Set<() => void>();
function update(next: { offer: InstallPromptEvent | null; installed?: boolean }) {
  offer = next.offer;
  state = { canInstall: offer !== null, installed: next.installed ?? state.installed };
  for (const listener of listeners) listener();
}

export function listenForInstallOffer(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    update({ offer: event as InstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => update({ offer: null, installed: true }));
}

const currentState = () => state;
// What the page rendered at build time shows: React adopts it with this state, then shows the
// browser's offer (which may have come before the app started) in the render after.
const beforeTheBrowserSpoke: InstallState = { canInstall: false, installed: false };
const stateAtBuildTime = () => beforeTheBrowserSpoke;

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentState,
    stateAtBuildTime,
  );
}

/** Shows the browser's own install dialog; true when the member accepted. */
export async function installApp(): Promise<boolean> {
  const pending = offer;
  if (!pending) return false;
  update({ offer: null });
  await pending.prompt();
  return (await pending.userChoice).outcome === "accepted";
}
