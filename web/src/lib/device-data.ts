import { forgetOfflineCopies } from "./offline-cache.ts";

/**
 * Forgets everything this browser keeps for the person signed in: the lessons saved for offline,
 * every localStorage and sessionStorage entry and every IndexedDB database of the site (drafts,
 * timings). Run when she logs out or her session has ended, so the next person on a shared phone
 * or tablet finds nothing of hers. The site keeps nothing on the device that belongs to nobody,
 * so nothing is spared; a feature that ever needs a device-wide setting keeps it in a cookie.
 */
export async function forgetWhatThisDeviceKept(): Promise<void> {
  await turnOffThisDevicesNotifications();
  await forgetOfflineCopies();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage refused (a private window's settings): there is nothing kept to forget.
  }
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  try {
    const databases = await indexedDB.databases();
    await Promise.all(databases.flatMap(({ name }) => (name ? [deleteDatabase(name)] : [])));
  } catch (error) {
    console.error("Forgetting this device's databases failed", error);
  }
}

// A database still open in another tab is deleted once that tab closes it ("blocked"); the
// logout does not wait for that, the deletion stays queued in the browser.
function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}

// Her notifications go with her: the browser forgets its push subscription, so nothing of hers
// shows on this device's lock screen after she signs out (the server deletes its row with the session).
async function turnOffThisDevicesNotifications(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  try {
    // getRegistration, not ready: a page whose worker never registered must not wait forever.
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch (error) {
    console.error("Turning off this device's notifications failed", error);
  }
}
