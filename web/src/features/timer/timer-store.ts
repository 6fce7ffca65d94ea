import type { Contraction, TimerRule } from "../../../../contract/timer.ts";

// Her timer sessions on the phone (IndexedDB), so timing works with no signal; each is sent to
// the server when there is one (synced: false until it has been).

export type StoredSession = {
  id: string;
  memberId: number;
  rule: TimerRule;
  contractions: Contraction[];
  updatedAt: number;
  synced: boolean;
};

const DATABASE = "contraction-timer";
const STORE = "sessions";

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" }).createIndex("member", "memberId");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB could not open"));
  });
}

async function inStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = act(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error("IndexedDB refused"));
    });
  } finally {
    database.close();
  }
}

export async function sessionsOf(memberId: number): Promise<StoredSession[]> {
  const all = await inStore("readonly", (store) => store.index("member").getAll(memberId) as IDBRequest<StoredSession[]>);
  return all.sort((a, b) => a.updatedAt - b.updatedAt);
}

export function keepSession(session: StoredSession): Promise<unknown> {
  return inStore("readwrite", (store) => store.put(session));
}

/** A new session's id, made here so a session timed offline arrives on the server once. */
export const newSessionId = () => `session-${crypto.randomUUID()}`;
