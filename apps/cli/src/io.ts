/** Where a command writes: results to stdout, progress and errors to stderr. */
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}
