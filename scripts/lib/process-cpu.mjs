// CPU time of processes, read from /proc: what benchmarks judge a route by, because requests per
// second move with whatever else the machine runs while CPU per request says what the route costs.
import { existsSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) the process has used so far, or undefined where /proc is missing or it has exited. */
export function cpuSecondsOf(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return undefined;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100/s).
    const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** CPU seconds of each of these processes now (those that no longer exist are left out). */
export function cpuSecondsOfEach(pids) {
  const map = new Map();
  for (const pid of pids) {
    const cpu = cpuSecondsOf(pid);
    if (cpu !== undefined) map.set(pid, cpu);
  }
  return map;
}

/**
 * CPU seconds used between two readings of cpuSecondsOfEach: a process present only in the later
 * one counts from zero (it started in between); one that ended in between is lost, which only
 * makes the figure smaller.
 */
export function cpuSecondsBetween(before, after) {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}
