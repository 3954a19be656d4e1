// CPU time read from /proc (null where there is none: another OS, a remote database):
// - a PostgreSQL server running on this machine: every `postgres` process, with the time of the
//   backends that already exited (their parent's children time). On a small machine the database
//   shares the cores with the app and the load generator, so its CPU per turn explains turns/s
//   better than turns/s alone;
// - the calling thread alone (a bench server's main thread).
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of a /proc stat line, in µs (fields 14 and 15; after the command's ')'). */
function statMicros(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

/**
 * CPU time of the calling thread alone (null off Linux). A server's main thread answers every
 * request, so its time a request says more about its throughput than the whole process's, whose
 * other threads (SQLite's, V8's collectors) run beside it. 10 ms resolution: read it over seconds.
 */
export function threadCpuMicros(): number | null {
  try {
    return statMicros(fs.readFileSync('/proc/thread-self/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** CPU time of the given processes still running (a PostgreSQL backend each), in µs. */
export function processesCpuMicros(pids: number[]): number {
  let micros = 0;
  for (const pid of pids)
    try {
      micros += statMicros(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      // gone meanwhile: its time is lost to this reading
    }
  return micros;
}

export function postgresCpuMicros(): number | null {
  let ticks = 0;
  let found = false;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    // After the command: state is field 3; utime, stime, cutime, cstime are fields 14 to 17.
    const fields = stat.slice(close + 2).split(' ');
    ticks += fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
    found = true;
  }
  return found ? (ticks * 1e6) / TICKS_PER_SECOND : null;
}
