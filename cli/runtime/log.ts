/** A line logger for the CLI's human-facing output; components prefix their lines (`[temporal] …`). */
export type LineLog = (line: string) => void;

export function lineLog(component: string, write: (s: string) => void = (s) => process.stdout.write(s)): LineLog {
  return (line) => write(`[${component}] ${line}\n`);
}
