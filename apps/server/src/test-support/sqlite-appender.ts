// A child process for sqlite.test.ts: appends to several matches at once as fast as the store
// acknowledges, and prints one line per acknowledged append ("ack <matchId> <version>") until it is
// killed. Run with `node --import tsx sqlite-appender.ts <file> <matches>`.
import { asMatchId, asMillis, asVersion, type VersionedEvent } from "@arena/protocol";
import { SqliteStore } from "../store/sqlite/matches.js";

const [file, count = "8"] = process.argv.slice(2);
if (file === undefined) throw new Error("usage: sqlite-appender <file> [matches]");
const opened = await SqliteStore.open(file);
if (!opened.ok) throw new Error(opened.problem.message);
const store = opened.value;

function entry(version: number): VersionedEvent {
  // Two events per append, a few hundred bytes each: an append that half-landed would show as an odd count.
  return {
    version: asVersion(version),
    at: asMillis(Date.now()),
    event: { type: "draw-offered", seat: version % 2 },
  };
}

async function lane(matchId: string): Promise<void> {
  const id = asMatchId(matchId);
  for (let version = 0; ; version += 2) {
    const result = await store.append(id, version, [entry(version + 1), entry(version + 2)]);
    if (!result.ok) throw new Error(`conflict on ${matchId} at ${version}`);
    process.stdout.write(`ack ${matchId} ${version + 2}\n`);
  }
}

process.stdout.write("ready\n");
await Promise.all(Array.from({ length: Number(count) }, (_, i) => lane(`m_child${i}`)));
