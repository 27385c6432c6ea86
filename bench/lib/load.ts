/**
 * How busy the machine was with work that is not the bench's, while a part ran: on a shared 2-core machine
 * another process's test run moves every figure, so each part reports it next to its numbers.
 *
 * From /proc (Linux): all CPU time (/proc/stat) minus the CPU time of this process tree (the bench, its
 * children, WordPress's PHP; reaped children count through their parent's cutime/cstime) minus the shared
 * services the bench uses (redis-server, mariadbd, which other users may use too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const SHARED = new Set(['redis-server', 'mariadbd', 'mysqld']);

interface Snapshot {
  at: number;
  total: number;
  steal: number;
  own: number;
  shared: number;
}

export interface LoadReport {
  /** Average cores used by processes that are neither the bench's nor the shared services. */
  foreignCores: number;
  /** Average cores used by the bench's process tree. */
  ownCores: number;
  /** Average cores used by redis-server and MariaDB (the bench's and anyone else's requests). */
  sharedCores: number;
  /** Average cores the hypervisor gave to other guests while this VM wanted them (/proc/stat steal). */
  stealCores: number;
  /** 1-minute load average at the end. */
  loadavg1: number;
}

/** Busy and steal ticks of all CPUs: user nice system idle iowait irq softirq steal. */
function cpuTicks(): { busy: number; steal: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...fields] = line.trim().split(/\s+/);
  const v = fields.map(Number);
  const steal = v[7] ?? 0;
  const busy = v.slice(0, 7).reduce((a, b) => a + b, 0) - (v[3] ?? 0) - (v[4] ?? 0);
  return { busy, steal };
}

function processes(): Array<{ pid: number; ppid: number; comm: string; ticks: number }> {
  const out: Array<{ pid: number; ppid: number; comm: string; ticks: number }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // state ppid … utime(11) stime(12) cutime(13) cstime(14)
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      out.push({ pid: Number(entry), ppid: Number(f[1]), comm, ticks });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function snapshot(): Snapshot {
  const all = processes();
  const children = new Map<number, number[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const tree = new Set<number>();
  const stack = [process.pid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    if (tree.has(pid)) continue;
    tree.add(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  let own = 0;
  let shared = 0;
  for (const p of all) {
    if (tree.has(p.pid)) own += p.ticks;
    else if (SHARED.has(p.comm)) shared += p.ticks;
  }
  const ticks = cpuTicks();
  return { at: Date.now(), total: ticks.busy, steal: ticks.steal, own, shared };
}

export function startLoadMonitor(): { stop(): LoadReport } {
  const start = snapshot();
  return {
    stop() {
      const end = snapshot();
      const seconds = Math.max(0.001, (end.at - start.at) / 1000);
      const cores = (ticks: number) => Math.round((ticks / 100 / seconds) * 100) / 100;
      const total = end.total - start.total;
      const own = end.own - start.own;
      const shared = end.shared - start.shared;
      return {
        foreignCores: cores(Math.max(0, total - own - shared)),
        ownCores: cores(own),
        sharedCores: cores(shared),
        stealCores: cores(end.steal - start.steal),
        loadavg1: Math.round((loadavg()[0] ?? 0) * 100) / 100,
      };
    },
  };
}
