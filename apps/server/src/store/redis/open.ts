import { createAdapter } from "@socket.io/redis-adapter";
import { type Logger } from "pino";
import { makeClient, quietPublisher, type RedisClient } from "./connection.js";
import { RedisCluster } from "./cluster.js";
import { RedisStore } from "./matches.js";
import { RedisNews } from "./news.js";

export interface RedisConnection {
  readonly store: RedisStore;
  /** Leases, match news and messages between processes, on the same connections. */
  readonly cluster: RedisCluster;
  /** The command connection, which every Redis port shares, and the key prefix. */
  readonly commands: RedisClient;
  readonly prefix: string;
  /** Installs the socket.io Redis adapter: broadcasts reach sockets on every process. */
  adapter(io: AdapterHost): void;
  close(): Promise<void>;
}

/** A socket.io server, as far as installing an adapter goes (the store knows nothing of the gateway). */
export interface AdapterHost {
  adapter(factory: ReturnType<typeof createAdapter>): unknown;
}

/** Four connections: commands, the news subscriber, and the adapter's pub and sub. */
export async function connectRedis(url: string, logger: Logger, prefix = "arena:"): Promise<RedisConnection> {
  const clients = [makeClient(url, true), makeClient(url), makeClient(url), makeClient(url)] as const;
  for (const c of clients) {
    c.on("error", (error: unknown) => logger.error({ err: error }, "redis connection error"));
  }
  await Promise.all(clients.map((c) => c.connect()));
  const [client, subscriber, adapterPub, adapterSub] = clients;
  const news = new RedisNews(subscriber, prefix, logger);
  const store = new RedisStore(client, news, prefix, logger);
  const cluster = new RedisCluster(client, subscriber, news, prefix, logger);
  await Promise.all([news.listen(), cluster.listen()]);
  return {
    store,
    cluster,
    commands: client,
    prefix,
    adapter(io) {
      io.adapter(
        createAdapter(quietPublisher(adapterPub, logger), adapterSub, { key: `${prefix}socket.io` }),
      );
    },
    async close() {
      await store.close();
      cluster.close();
      // Subscribers first: a peer's request that arrives while closing finds no one listening, so none is
      // answered through a publisher that has already quit.
      await Promise.all([subscriber, adapterSub].map((c) => c.quit().catch(() => undefined)));
      await Promise.all([client, adapterPub].map((c) => c.quit().catch(() => undefined)));
    },
  };
}
