import { type ChildProcess, spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./net.js";

/** The built server, as `npm start` runs it (turbo builds it before the server's tests). */
export const SERVER_MAIN = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/main.js");

/** A real server process (`node dist/main.js`) on its own port, with whatever environment the test gives. */
export interface Product {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal) when the process ends. */
  readonly exited: Promise<number | string>;
  output(): string;
}

/**
 * Starts the product with `env` on top of a clean environment: no REDIS_URL, STORE or SECRET from the
 * test runner's (CI sets REDIS_URL for the Redis suites), so the server picks its store the way `npm start` does.
 */
export async function launchProduct(env: Record<string, string>, port?: number): Promise<Product> {
  const chosen = port ?? (await freePort());
  const base = { ...process.env };
  for (const name of ["REDIS_URL", "STORE", "SECRET", "DATA_DIR", "SQLITE_SYNC", "PORT", "HOST"])
    delete base[name];
  const child = spawn(process.execPath, ["--max-semi-space-size=128", SERVER_MAIN], {
    env: { ...base, PORT: String(chosen), HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((done) =>
    child.on("exit", (code, signal) => done(code ?? signal ?? "unknown")),
  );
  return { url: `http://127.0.0.1:${chosen}`, port: chosen, child, exited, output: () => output };
}

/**
 * Starts the product and waits until it answers /readyz (every live game loaded), or fails with its output.
 * A boot imports every module and builds KRK's oracle (games/catalogue.ts): 15–30 s on CI's loaded 2 cores.
 */
export const PRODUCT_BOOT_MS = 90_000;
/** A test that boots the product twice and plays in between (its own timeout, past the config's 60 s). */
export const TWO_BOOTS_TEST_MS = 2 * PRODUCT_BOOT_MS + 60_000;
export async function startProduct(env: Record<string, string>, port?: number): Promise<Product> {
  const product = await launchProduct(env, port);
  const status: { exit: number | string | null } = { exit: null };
  void product.exited.then((code) => (status.exit = code));
  const deadline = Date.now() + PRODUCT_BOOT_MS;
  while (Date.now() < deadline) {
    if (status.exit !== null) {
      throw new Error(`the server exited (${status.exit}) while starting:\n${product.output()}`);
    }
    try {
      if ((await fetch(`${product.url}/readyz`)).ok) return product;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  product.child.kill("SIGKILL");
  throw new Error(`the server did not become ready in ${PRODUCT_BOOT_MS / 1000} s:\n${product.output()}`);
}

/** SIGKILL, as a crash or the OOM killer would: no shutdown code runs. */
export async function killHard(product: Product): Promise<void> {
  if (product.child.exitCode !== null || product.child.signalCode !== null) return;
  product.child.kill("SIGKILL");
  await product.exited;
}
