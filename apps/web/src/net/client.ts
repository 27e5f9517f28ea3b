import type {
  AckFor,
  ClientEventName,
  ClientInput,
  ClientToServerEvents,
  ServerToClientEvents,
  SessionReady,
} from "@arena/protocol";
import { io, type Socket } from "socket.io-client";

export type ArenaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ConnectionState = "connecting" | "connected" | "reconnecting" | "offline";

const TOKEN_KEY = "arena.session";
const NAME_KEY = "arena.name";
/** The token this browser held before it came back as a guest: moderation's ban chain (docs/web.md). */
const FORMER_KEY = "arena.former";
const ACK_TIMEOUT_MS = 10_000;

type Listener = () => void;

export function storedName(): string | null {
  try {
    return localStorage.getItem(NAME_KEY);
  } catch {
    return null;
  }
}

/**
 * The match a page's socket is opened for: a room page (`/play/<id>`) names its match, so that the balancer
 * sends every socket of the match to the process that runs it (docs/deployment.md). Null
 * for every other page.
 */
export function matchOfPath(pathname: string | null): string | null {
  const found = /^\/play\/([^/]+)\/?$/.exec(pathname ?? "");
  if (found?.[1] === undefined) return null;
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return null;
  }
}

/**
 * One socket per page, as on lichess: a room page's names its match (`matchOfPath`), the others' none.
 * Connection state, the guest session and typed requests with acks. React subscribes through `subscribe`.
 */
export class ArenaClient {
  readonly socket: ArenaSocket;
  state: ConnectionState = "connecting";
  session: SessionReady | null = null;
  /** Bumped on every (re)connect so pages know to resync. */
  connectCount = 0;
  /** Why the server refused to connect this tab (a quota: too many tabs open), if it did. */
  refusal: string | null = null;
  /** A ban that refused this browser (docs/web.md, "Moderation"): its reason and end, for the banner. */
  sanction: { readonly code: "banned"; readonly why: string; readonly until: number | null } | null = null;
  private readonly listeners = new Set<Listener>();
  /** A token to present at the next handshake when localStorage is not available. */
  private pendingToken: string | null = null;

  /**
   * `match`: the match of the page this socket is for. `carried`: the session token of the page before,
   * for when localStorage is not available (private mode), so that a page change keeps the session.
   */
  constructor(url: string, match: string | null = null, carried: string | null = null) {
    let token: string | null = carried;
    try {
      token = localStorage.getItem(TOKEN_KEY) ?? carried;
    } catch {
      token = carried;
    }
    const name = storedName();
    this.socket = io(url, {
      transports: ["websocket"],
      ...(match === null ? {} : { query: { match } }),
      auth: (cb) => {
        let current: string | null;
        try {
          current = localStorage.getItem(TOKEN_KEY);
        } catch {
          current = this.pendingToken ?? token;
        }
        let former: string | null;
        try {
          former = localStorage.getItem(FORMER_KEY);
        } catch {
          former = null;
        }
        cb({
          ...(current === null ? {} : { token: current }),
          ...(name === null ? {} : { name }),
          ...(current === null && former !== null ? { former } : {}),
        });
      },
      reconnectionDelay: 300,
      reconnectionDelayMax: 2_000,
    });
    this.socket.on("connect", () => {
      this.state = "connected";
      this.refusal = null;
      this.sanction = null;
      this.connectCount += 1;
      this.emitChange();
    });
    this.socket.on("disconnect", (reason) => {
      this.state = reason === "io client disconnect" ? "offline" : "reconnecting";
      this.emitChange();
      // The server closes every socket of a session that logged out (in any tab): come back as a guest.
      if (reason === "io server disconnect") {
        this.forgetToken();
        this.socket.connect();
      }
    });
    this.socket.io.on("reconnect_attempt", () => {
      this.state = "reconnecting";
      this.emitChange();
    });
    this.socket.on(
      "connect_error",
      (error: Error & { data?: { code?: unknown; why?: unknown; until?: unknown } }) => {
        const data = error.data;
        if (data?.code === "banned" && typeof data.why === "string") {
          this.sanction = {
            code: "banned",
            why: data.why,
            until: typeof data.until === "number" ? data.until : null,
          };
          this.session = null;
        }
        // A refusal by the server itself is not retried by socket.io: the page says why instead.
        this.refusal =
          error.data?.code === "quota" || error.data?.code === "rate-limited" || error.data?.code === "banned"
            ? error.message
            : null;
        this.state = this.connectCount === 0 || this.refusal !== null ? "offline" : "reconnecting";
        this.emitChange();
      },
    );
    this.socket.on("session:ready", (session) => {
      this.session = session;
      try {
        localStorage.setItem(TOKEN_KEY, session.token);
        localStorage.setItem(NAME_KEY, session.user.name);
      } catch {
        // private mode: the session lasts as long as the tab
      }
      this.emitChange();
    });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emitChange(): void {
    for (const listener of this.listeners) listener();
  }

  /** Sends one command and waits for its ack; a timeout or a dropped socket reads as a failure. */
  async request<E extends ClientEventName>(event: E, payload: ClientInput<E>): Promise<AckFor<E>> {
    const timed = this.socket.timeout(ACK_TIMEOUT_MS) as unknown as {
      emitWithAck(event: string, payload: unknown): Promise<unknown>;
    };
    try {
      return (await timed.emitWithAck(event, payload)) as AckFor<E>;
    } catch (error) {
      return {
        ok: false,
        code: "unavailable",
        message: error instanceof Error ? error.message : "no answer from the server",
      };
    }
  }

  async rename(name: string): Promise<AckFor<"session:rename">> {
    const ack = await this.request("session:rename", { name });
    if (ack.ok) {
      // Same connection, same process: only the identity changed.
      this.session = { token: ack.token, user: ack.user, instance: this.session?.instance ?? "" };
      try {
        localStorage.setItem(TOKEN_KEY, ack.token);
        localStorage.setItem(NAME_KEY, ack.user.name);
      } catch {
        // ignore
      }
      this.emitChange();
    }
    return ack;
  }

  /**
   * Becomes the account of `token` (after registering or logging in): the socket reconnects with it, and
   * `session:ready` brings the account's identity.
   */
  signIn(token: string): void {
    try {
      localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // private mode: the socket's next handshake still reads it below
    }
    this.pendingToken = token;
    this.socket.disconnect();
    this.socket.connect();
  }

  /** Ends the account's session on the server (every tab's sockets close) and comes back as a new guest. */
  async signOut(logout: (token: string) => Promise<void>): Promise<void> {
    const token = this.session?.token;
    this.forgetToken();
    if (token !== undefined) await logout(token);
    if (!this.socket.connected) this.socket.connect();
  }

  private forgetToken(): void {
    this.pendingToken = null;
    try {
      const held = localStorage.getItem(TOKEN_KEY);
      if (held !== null && this.session?.account !== undefined) localStorage.setItem(FORMER_KEY, held);
      localStorage.removeItem(TOKEN_KEY);
    } catch {
      // ignore
    }
  }

  /** Drops the transport as a network failure would (used by the reconnect test and the debug menu). */
  dropConnection(): void {
    this.socket.io.engine.close();
  }
}
