// The only place that reads the environment. NEXT_PUBLIC_* values are inlined at build time.
export function socketUrl(): string {
  const configured = process.env.NEXT_PUBLIC_SOCKET_URL;
  if (configured !== undefined && configured !== "") return configured;
  return `${location.protocol}//${location.hostname}:4000`;
}
