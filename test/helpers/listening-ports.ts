/**
 * The TCP ports a process listens on, as the kernel reports them (Linux: the process's socket inodes in
 * /proc/<pid>/fd matched against the LISTEN entries of /proc/net/tcp and tcp6). Asserting on this is asserting on
 * what the process bound, whatever else on the machine holds a port.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed between the listing and the read.
    }
  }
  return inodes;
}

/** The sorted, distinct ports `pid` listens on (IPv4 and IPv6). */
export function listeningPorts(pid: number): number[] {
  const mine = socketInodes(pid);
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address (hex ip:port), state (0A = LISTEN), inode: fields 1, 3 and 9.
      const [, local, , state, , , , , , inode] = fields;
      if (state !== '0A' || !local || !inode || !mine.has(inode)) continue;
      ports.add(Number.parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}
