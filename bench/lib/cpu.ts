/** CPU time used so far by a process (/proc/<pid>/stat) and by the Redis server (INFO cpu), in ms. */
import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after "pid (comm) ": state is field 3, so utime (14) and stime (15) are at index 11 and 12
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

export async function redisCpuMs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const user = Number(/used_cpu_user:([\d.]+)/.exec(info)?.[1] ?? Number.NaN);
  const sys = Number(/used_cpu_sys:([\d.]+)/.exec(info)?.[1] ?? Number.NaN);
  return (user + sys) * 1000;
}
