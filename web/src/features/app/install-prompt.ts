import { useSyncExternalStore } from "react";

/** Chrome's install offer (not yet in TypeScript's DOM types). */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

// The browser makes its offer once, early, on whatever page is open; it is kept here until the
// member opens "Get the app" and presses Install.
let offer: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function listenForInstallOffer(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    installed = true;
    changed();
  });
}

type InstallState = { canInstall: boolean; installed: boolean };
let snapshot: InstallState = { canInstall: false, installed: false };
function currentState(): InstallState {
  if (snapshot.canInstall !== (offer !== null) || snapshot.installed !== installed) snapshot = { canInstall: offer !== null, installed };
  return snapshot;
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentState,
    currentState,
  );
}

/** Shows the browser's own install dialog; true when the member accepted. */
export async function installApp(): Promise<boolean> {
  const pending = offer;
  if (!pending) return false;
  offer = null;
  changed();
  await pending.prompt();
  return (await pending.userChoice).outcome === "accepted";
}
