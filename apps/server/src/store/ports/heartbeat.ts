/**
 * When this server was last alive, kept by the one-process backends (memory, SQLite) beside the log: after
 * a restart, the live games it ran are credited the time nobody ran them (docs/reliability.md). Several
 * processes keep a heartbeat per lease in the cluster instead.
 */
export interface ServerHeartbeat {
  /** The last `now` written; null if none ever was. */
  readHeartbeat(): Promise<number | null>;
  writeHeartbeat(now: number): Promise<void>;
}
