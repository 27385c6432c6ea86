/** RSS of other processes, from /proc/<pid>/status (Linux): the current VmRSS and the kernel's peak VmHWM. */
import { readFileSync } from 'node:fs';

export interface MemoryStatus {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size since the process started, bytes (the kernel's high-water mark). */
  hwm: number;
}

export function memoryOf(pid: number): MemoryStatus | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return match ? Number(match[1]) * 1024 : 0;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

export interface RssSampler {
  /** Stops sampling; the samples per pid (bytes) and the peak VmHWM read last. */
  stop(): { samples: Map<number, number[]>; peak: Map<number, number>; hwm: Map<number, number> };
}

/** Samples VmRSS of the pids every `everyMs` (a timer, so the parent must not block its event loop). */
export function sampleRss(pids: readonly number[], everyMs = 50): RssSampler {
  const samples = new Map<number, number[]>(pids.map((pid) => [pid, []]));
  const hwm = new Map<number, number>();
  const take = () => {
    for (const pid of pids) {
      const status = memoryOf(pid);
      if (!status) continue;
      samples.get(pid)?.push(status.rss);
      hwm.set(pid, status.hwm);
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      take();
      clearInterval(timer);
      const peak = new Map([...samples].map(([pid, values]) => [pid, Math.max(0, ...values)]));
      return { samples, peak, hwm };
    },
  };
}
