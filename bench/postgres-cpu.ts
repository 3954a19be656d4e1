// CPU time spent by a PostgreSQL server running on this machine, read from /proc: every
// `postgres` process, with the time of the backends that already exited (their parent's
// children time). On a small machine the database shares the cores with the app and the load
// generator, so its CPU per turn explains turns/s better than turns/s alone. null where /proc or
// a local server is missing (another OS, a remote database).
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

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
