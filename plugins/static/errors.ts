/**
 * File-system and server failures as one `PublishError`, classified once, here, with a message that names the
 * folder and says what to fix. Permanent: what needs the blogger (permissions, a full or read-only disk, a file
 * where a folder should be). Retryable: what passes by itself (a busy file, too many open files, an abort).
 */
import { PublishError } from '../../src/errors.js';

export const StaticErrorCode = {
  notWritable: 'static_not_writable',
  diskFull: 'static_disk_full',
  readOnly: 'static_read_only',
  badPath: 'static_bad_path',
  busy: 'static_busy',
  io: 'static_io',
  aborted: 'static_aborted',
  portInUse: 'static_port_in_use',
  cannotListen: 'static_cannot_listen',
  tooManySlugs: 'static_too_many_slugs',
} as const;

const PERMANENT: Record<string, { code: string; fix: (dir: string) => string }> = {
  EACCES: {
    code: StaticErrorCode.notWritable,
    fix: (dir) =>
      `pressbridge may not write there: make ${dir} writable by the user running pressbridge (e.g. chown -R <user> ${dir}), or set the option dir to a folder it may write to`,
  },
  EPERM: {
    code: StaticErrorCode.notWritable,
    fix: (dir) =>
      `the operation is not permitted: make ${dir} and everything in it owned by the user running pressbridge, or set the option dir to another folder`,
  },
  ENOSPC: {
    code: StaticErrorCode.diskFull,
    fix: (dir) => `the disk holding ${dir} is full: free some space there, then retry the deal`,
  },
  EDQUOT: {
    code: StaticErrorCode.diskFull,
    fix: (dir) =>
      `the disk quota of the user running pressbridge is used up on ${dir}: free some space or raise the quota`,
  },
  EROFS: {
    code: StaticErrorCode.readOnly,
    fix: (dir) =>
      `${dir} is on a read-only file system: mount it writable (in Docker: a writable volume), or set the option dir to a writable folder`,
  },
  ENOTDIR: {
    code: StaticErrorCode.badPath,
    fix: (dir) =>
      `a part of the path is a file, not a folder: check the option dir (${dir}) and what is inside it`,
  },
  EISDIR: {
    code: StaticErrorCode.badPath,
    fix: (dir) => `a folder stands where pressbridge writes a file in ${dir}: remove it`,
  },
  ENAMETOOLONG: {
    code: StaticErrorCode.badPath,
    fix: (dir) =>
      `the path is too long for the file system: choose a shorter dir than ${dir} or a shorter pathPattern`,
  },
  ELOOP: {
    code: StaticErrorCode.badPath,
    fix: (dir) => `a symbolic link inside ${dir} points at itself: remove it`,
  },
};

/** Those pass by themselves: another program holds the file, the process ran out of handles for a moment. */
const RETRYABLE = new Set(['EBUSY', 'EAGAIN', 'EWOULDBLOCK', 'EMFILE', 'ENFILE', 'EINTR', 'ETXTBSY']);

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Any failure while writing `what` (e.g. "the article's page") into the site folder `dir` → PublishError.
 * PublishErrors pass unchanged.
 */
export function toPublishError(error: unknown, dir: string, what: string): PublishError {
  if (error instanceof PublishError) return error;
  const code = errorCode(error);
  const reason = error instanceof Error ? error.message : String(error);
  const permanent = code === undefined ? undefined : PERMANENT[code];
  if (permanent) {
    return new PublishError(
      permanent.code,
      `Cannot write ${what} in the static site folder ${dir} (${reason}): ${permanent.fix(dir)}`,
      { retryable: false, cause: error },
    );
  }
  if (code !== undefined && RETRYABLE.has(code)) {
    return new PublishError(
      StaticErrorCode.busy,
      `Writing ${what} in the static site folder ${dir} failed for now (${reason}); will retry`,
      { retryable: true, cause: error },
    );
  }
  return new PublishError(
    StaticErrorCode.io,
    `Writing ${what} in the static site folder ${dir} failed (${reason}); will retry`,
    { retryable: true, cause: error },
  );
}

export function abortedError(dir: string, reason: unknown): PublishError {
  return new PublishError(StaticErrorCode.aborted, `Writing to the static site folder ${dir} was cancelled`, {
    retryable: true,
    cause: reason,
  });
}

/** The built-in file server could not listen. */
export function listenError(error: unknown, host: string, port: number): PublishError {
  const code = errorCode(error);
  const where = `${host}:${port}`;
  if (code === 'EADDRINUSE') {
    return new PublishError(
      StaticErrorCode.portInUse,
      `The static site server cannot listen on ${where}: the port is in use by another program (another pressbridge?); stop it or set serve.port to a free port`,
      { retryable: true, cause: error },
    );
  }
  const fix =
    code === 'EACCES'
      ? 'ports below 1024 need privileges: use a port above 1024 behind a reverse proxy'
      : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
        ? 'the address is not one of this machine: set serve.host to 127.0.0.1, 0.0.0.0 or an address of this machine'
        : 'check serve.host and serve.port';
  return new PublishError(
    StaticErrorCode.cannotListen,
    `The static site server cannot listen on ${where} (${error instanceof Error ? error.message : String(error)}): ${fix}`,
    { retryable: false, cause: error },
  );
}
