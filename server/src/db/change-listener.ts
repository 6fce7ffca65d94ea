import pg from "pg";
import { type CacheTrust, DATA_CHANGES_CHANNEL, dataChanges, dataTopics, forgetEverything, type DataTopic } from "./data-changes.ts";
import { emitLive, EVERY_STREAM, LIVE_EVENTS_CHANNEL, streamFromElsewhere } from "./live-events.ts";

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 2_000;
// A connection cut without a word (a dead network path, a failover) says nothing: ask it, often.
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

type Log = { info: (message: string) => void; warn: (message: string) => void };

/**
 * Hears the changes every app server announces (data-changes.ts) on one dedicated PostgreSQL
 * connection, and passes them to this process's caches. The caches are trusted only while that
 * connection listens: when it drops, everything cached is forgotten and requests read through to
 * the database until it listens again; then the caches start empty, since changes made meanwhile
 * were never heard.
 */
export class ChangeListener implements CacheTrust {
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private retryDelay = FIRST_RETRY_MS;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly lostClients = new WeakSet<pg.Client>();

  constructor(
    private readonly databaseUrl: string,
    private readonly log: Log,
  ) {}

  trusted(): boolean {
    return this.listening;
  }

  /** Connects once; when that fails the listener keeps trying in the background, untrusted. */
  async start(): Promise<void> {
    await this.connect();
    this.heartbeat = setInterval(() => void this.checkAlive(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: "doula-change-listener",
      keepAlive: true,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    client.on("notification", (message) => {
      if (message.channel === LIVE_EVENTS_CHANNEL && message.payload) {
        const stream = streamFromElsewhere(message.payload);
        return stream === null ? undefined : emitLive(stream);
      }
      if (message.channel !== DATA_CHANGES_CHANNEL) return;
      if (dataTopics.includes(message.payload as DataTopic)) dataChanges.emit(message.payload as DataTopic);
    });
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${DATA_CHANGES_CHANNEL}`);
      await client.query(`listen ${LIVE_EVENTS_CHANNEL}`);
    } catch {
      this.lost(client);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    // Whatever changed while nobody listened is unknown: start from empty caches, then trust them.
    forgetEverything();
    emitLive(EVERY_STREAM);
    this.listening = true;
    if (this.retryDelay !== FIRST_RETRY_MS) this.log.info("listening for data changes again: in-memory caches are back in use");
    this.retryDelay = FIRST_RETRY_MS;
  }

  private lost(client: pg.Client): void {
    // "error" and "end" both report one loss; a client's loss is handled once.
    if (this.lostClients.has(client)) return;
    this.lostClients.add(client);
    if (this.client !== null && client !== this.client) return;
    const wasListening = this.listening;
    this.listening = false;
    this.client = null;
    forgetEverything();
    void client.end().catch(() => {});
    if (this.stopped || this.retry) return;
    if (wasListening) this.log.warn("lost the connection that hears data changes: reading through to the database until it is back");
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, this.retryDelay);
    this.retry.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, LAST_RETRY_MS);
  }

  private async checkAlive(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query("select 1");
    } catch {
      this.lost(client);
    }
  }
}
