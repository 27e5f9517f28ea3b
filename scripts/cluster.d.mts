// Types of scripts/cluster.mjs for TypeScript callers (the server's integration tests, the e2e config).

export type MemberName = "arena-a" | "arena-b";

export declare const MEMBER_NAMES: readonly MemberName[];
/** deploy/haproxy.cfg, the balancer's configuration (shared with docker-compose.yml). */
export declare const HAPROXY_CONFIG: string;

export declare function findBinary(name: string): string | null;
/** Which of `redis-server` and `haproxy` are missing. */
export declare function missingBinaries(): string[];
export declare function freePort(host?: string): Promise<number>;

/** One Arena process behind the balancer. */
export interface ClusterMember {
  readonly name: MemberName;
  /** Its own port on 127.0.0.1, past the balancer. */
  readonly port: number;
  readonly url: string;
  readonly pid: number | null;
  readonly running: boolean;
  /** Starts it and resolves once its /readyz answers 200. */
  start(timeoutMs?: number): Promise<void>;
  /** SIGTERM (default): drains for DRAIN_MS, then stops gracefully; SIGINT: stops gracefully at once. */
  stop(signal?: "SIGTERM" | "SIGINT" | "SIGKILL"): Promise<void>;
  /** stop("SIGTERM"), then start. */
  restart(): Promise<void>;
}

export interface ClusterOptions {
  /** The balancer's public port; 0 or absent: a free one. */
  readonly port?: number;
  /** Where the balancer listens (default 127.0.0.1). */
  readonly host?: string;
  readonly serverPorts?: readonly [number, number];
  readonly redisPort?: number;
  /** SERVE_WEB for both processes (default: the environment's, else auto). */
  readonly serveWeb?: "auto" | "true" | "false";
  /** DRAIN_MS for both processes (default 5,000). */
  readonly drainMs?: number;
  /** The balancer's health-check interval (default 1,000; two failures take a process out). */
  readonly checkIntervalMs?: number;
  readonly secret?: string;
  /** The server to run (default: the repository's apps/server/dist/main.js). */
  readonly serverEntry?: string;
  /** More environment for both processes. */
  readonly env?: Readonly<Record<string, string>>;
  /** Every line the children print, prefixed with their name (default: this process's stdout). */
  readonly output?: (line: string) => void;
}

/** What HAProxy says of each process. */
export type BalancerState = Partial<
  Record<
    MemberName,
    {
      /** "UP", "DOWN", "UP 1/2" (one check failed), "DOWN 1/2" (coming back), "MAINT", … */
      readonly status: string;
      /** Connections it holds to the process now. */
      readonly sessions: number;
    }
  >
>;

export interface Cluster {
  /** The balancer's public address: the one URL players use. */
  readonly url: string;
  readonly port: number;
  readonly redisUrl: string;
  readonly secret: string;
  readonly members: readonly ClusterMember[];
  balancerState(): Promise<BalancerState>;
  /** Resolves once the balancer's status of `name` starts with `wanted` ("UP", "DOWN"). */
  waitForBalancer(name: MemberName, wanted: string, timeoutMs?: number): Promise<void>;
  /** Resolves (with the reason) if the balancer or Redis exits unasked. */
  readonly failure: Promise<string>;
  pids(): Record<string, number | undefined>;
  /** Stops everything and removes the temporary directory. */
  stop(): Promise<void>;
}

export declare function startCluster(options?: ClusterOptions): Promise<Cluster>;
