#!/usr/bin/env node
// Fits the ABI-specific native addons in node_modules to the Node that runs this script. An addon that
// node-gyp compiled at install time (build/Release/*.node, like better-sqlite3's) loads only in the Node
// it was compiled for; CI runs the tests on the machines' Node and again on the deployed LTS
// (docs/deployment.md). Each build is kept per Node ABI in .cache/native-addons, so going
// back and forth costs a copy; only a build this cache has never seen is compiled (`npm rebuild`, against
// the running Node's own headers). N-API addons load in every Node and are left alone.
//
//   PATH=<the other node's bin>:$PATH node scripts/native-addons.mjs     # before running tests on it
//   node scripts/native-addons.mjs                                       # back to the machine's Node
//   node scripts/native-addons.mjs --root DIR                            # another tree's node_modules
//
// Prints what it did; exits 1 if an addon could not be made to load.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const rootArg = args.indexOf("--root");
const root = resolve(
  rootArg >= 0 && args[rootArg + 1] !== undefined
    ? args[rootArg + 1]
    : join(dirname(fileURLToPath(import.meta.url)), ".."),
);
const cacheRoot = join(root, ".cache", "native-addons");
const abi = process.versions.modules;

/** Every package under node_modules (nested ones too) with node-gyp output. */
function packagesWithAddons(dir, found = []) {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith("@")) {
      packagesWithAddons(path, found);
      continue;
    }
    const release = join(path, "build", "Release");
    if (existsSync(release)) {
      const addons = readdirSync(release).filter((name) => name.endsWith(".node"));
      if (addons.length > 0) found.push({ dir: path, release, addons });
    }
    packagesWithAddons(join(path, "node_modules"), found);
  }
  return found;
}

/**
 * The ABI an addon was built for if it is not this Node's, else null: it loads, or it is no Node addon at
 * all (better-sqlite3 builds a SQLite extension, `test_extension.node`, beside its addon). Tried in a
 * child: a library the dynamic loader has seen may be handed out again after it was replaced on disk.
 */
function misfit(file) {
  const load = `process.dlopen({ exports: {} }, ${JSON.stringify(file)})`;
  const tried = spawnSync(process.execPath, ["-e", load], { encoding: "utf8" });
  if (tried.status === 0) return null;
  return /NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires/.exec(tried.stderr)?.[1] ?? null;
}

function copyAll(from, to, names) {
  mkdirSync(to, { recursive: true });
  for (const name of names) copyFileSync(join(from, name), join(to, name));
}

/** The running Node's install prefix, if it carries its headers (node-gyp then needs no download). */
function nodeDir() {
  const prefix = resolve(dirname(process.execPath), "..");
  return existsSync(join(prefix, "include", "node", "node.h")) ? prefix : null;
}

let failed = 0;
for (const { dir, release, addons } of packagesWithAddons(join(root, "node_modules"))) {
  const { name, version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const cache = (forAbi) => join(cacheRoot, `${name.replace("/", "+")}@${version}`, `abi-${forAbi}`);
  const builtFor = addons.map((addon) => misfit(join(release, addon))).find((result) => result !== null);
  if (builtFor === undefined) {
    if (!existsSync(cache(abi))) copyAll(release, cache(abi), addons);
    console.log(`native-addons: ${name}@${version} fits Node ${process.version} (ABI ${abi})`);
    continue;
  }
  // Keep the build that is there for the Node it fits, then take or make this Node's.
  if (!existsSync(cache(builtFor))) copyAll(release, cache(builtFor), addons);
  let how = "from the cache";
  if (existsSync(cache(abi))) {
    copyAll(cache(abi), release, readdirSync(cache(abi)));
  } else {
    how = "compiled";
    const headers = nodeDir();
    const rebuilt = spawnSync("npm", ["rebuild", name, "--foreground-scripts"], {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
        ...(headers === null ? {} : { npm_config_nodedir: headers }),
      },
    });
    if (rebuilt.status !== 0) console.error(`native-addons: npm rebuild ${name} failed (${rebuilt.status})`);
  }
  const still = addons.map((addon) => misfit(join(release, addon))).find((result) => result !== null);
  if (still !== undefined) {
    failed++;
    console.error(
      `native-addons: ${name}@${version} does not load in Node ${process.version} (built for ABI ${still})`,
    );
    continue;
  }
  if (!existsSync(cache(abi))) copyAll(release, cache(abi), addons);
  console.log(`native-addons: ${name}@${version} now fits Node ${process.version} (ABI ${abi}, ${how})`);
}
if (failed === 0) console.log(`native-addons: every compiled addon loads in Node ${process.version}`);
process.exitCode = failed > 0 ? 1 : 0;
