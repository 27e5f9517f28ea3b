// Issue 26, items 3, 6, 10 and 11, measured over HTTP against a running server started with TRUST_PROXY=1:
// node bench/server/src/identity-attacks.mjs http://127.0.0.1:3917
const base = process.argv[2] ?? "http://127.0.0.1:3917";
const post = async (path, body, headers = {}) => {
  const r = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
};
const stem = Math.random().toString(36).slice(2, 7);
// Guests: 500 from one address.
let t0 = performance.now();
const codes = {};
for (let i = 0; i < 500; i++) {
  const r = await post("/api/session", {}, { "x-forwarded-for": "203.0.113.7" });
  codes[r.status] = (codes[r.status] ?? 0) + 1;
}
console.log(
  `guests: 500 POST /api/session from one address in ${((performance.now() - t0) / 1000).toFixed(2)} s:`,
  codes,
);
// Token after logout.
const g = await post("/api/session", {}, { "x-forwarded-for": "203.0.113.8" });
const acct = await post(
  "/api/accounts",
  { name: `Own${stem}`, password: "plum kettle orbit" },
  { authorization: `Bearer ${g.body.token}`, "x-forwarded-for": "203.0.113.8" },
);
await post("/api/logout", {}, { authorization: `Bearer ${acct.body.token}` });
const again = await post(
  "/api/session",
  { token: g.body.token, name: "Again" },
  { "x-forwarded-for": "203.0.113.9" },
);
console.log(
  `old guest token after register+logout: same id? ${again.body.user?.id === g.body.user.id} (account ${acct.status})`,
);
// Login lockout: 30 wrong guesses from A, then 10 right logins from B.
const name = `Own${stem}`;
const wrong = {};
for (let i = 0; i < 30; i++) {
  const r = await post("/api/login", { name, password: "wrong" }, { "x-forwarded-for": "198.51.100.66" });
  wrong[r.status] = (wrong[r.status] ?? 0) + 1;
}
const right = {};
for (let i = 0; i < 10; i++) {
  const r = await post(
    "/api/login",
    { name, password: "plum kettle orbit" },
    { "x-forwarded-for": "192.0.2.44" },
  );
  right[r.status] = (right[r.status] ?? 0) + 1;
}
console.log(
  "login: attacker's 30 wrong guesses:",
  wrong,
  "owner's 10 right logins from another address:",
  right,
);
// Weak passwords.
const weak = {};
for (const [i, p] of [
  "aaaaaaaa",
  "passpass",
  "Passw0rd!",
  "letmein!",
  "arena123",
  "asdfghjk",
  "11223344",
].entries()) {
  const r = await post(
    "/api/accounts",
    { name: `W${i}${stem}`, password: p },
    { "x-forwarded-for": `192.0.2.${100 + i}` },
  );
  weak[`${r.status} ${r.body.code}`] = (weak[`${r.status} ${r.body.code}`] ?? 0) + 1;
}
console.log("weak passwords (7):", weak);
// Look-alikes.
const look = {};
for (const n of [
  name,
  name.toUpperCase(),
  name.slice(0, 2) + "\u200D" + name.slice(2),
  name.slice(0, 2) + "\u034F" + name.slice(2),
  name.replace("O", "\u041E"),
]) {
  const r = await post("/api/session", { name: n }, { "x-forwarded-for": "203.0.113.20" });
  look[`${r.status} ${r.body.code}`] = (look[`${r.status} ${r.body.code}`] ?? 0) + 1;
}
console.log("guest names (exact, upper case, ZWJ, U+034F, Cyrillic O):", look);
