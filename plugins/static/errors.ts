/**
 * File-system and server failures as one `PublishError`, classified once, here, with a message that names the
 * folder and says what to fix. Permanent: what needs the blogger (permissions, a full or read-only disk, a file
 * where a folder should be). Retryable: what passes by itself (a busy file, too many open files, an abort).
 */
import { PublishError } from '../../src/errors.js';
import { type PublisherPhrase, phrase, publishError } from '../../src/publisher/phrase.js';

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

/** What needs the blogger, by system error code; the fix is the catalog's `static.fix.<CODE>`. */
const PERMANENT = {
  EACCES: StaticErrorCode.notWritable,
  EPERM: StaticErrorCode.notWritable,
  ENOSPC: StaticErrorCode.diskFull,
  EDQUOT: StaticErrorCode.diskFull,
  EROFS: StaticErrorCode.readOnly,
  ENOTDIR: StaticErrorCode.badPath,
  EISDIR: StaticErrorCode.badPath,
  ENAMETOOLONG: StaticErrorCode.badPath,
  ELOOP: StaticErrorCode.badPath,
} as const;
type PermanentCode = keyof typeof PERMANENT;

/** What to do about a permanent failure in `dir`. */
export function fixFor(code: PermanentCode, dir: string): PublisherPhrase {
  return phrase(`static.fix.${code}`, { dir });
}

/** Those pass by themselves: another program holds the file, the process ran out of handles for a moment. */
const RETRYABLE = new Set(['EBUSY', 'EAGAIN', 'EWOULDBLOCK', 'EMFILE', 'ENFILE', 'EINTR', 'ETXTBSY']);

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The fix of a permanent failure, for doctor to show on its own line (undefined for any other failure). */
export function fixOf(error: unknown, dir: string): PublisherPhrase | undefined {
  const code = errorCode(error instanceof PublishError ? error.cause : error);
  return code !== undefined && Object.hasOwn(PERMANENT, code)
    ? fixFor(code as PermanentCode, dir)
    : undefined;
}

/**
 * Any failure while writing `what` (`static.what.*`: the article, the draft) into the site folder `dir` →
 * PublishError. PublishErrors pass unchanged.
 */
export function toPublishError(error: unknown, dir: string, what: PublisherPhrase): PublishError {
  if (error instanceof PublishError) return error;
  const code = errorCode(error);
  const reason = error instanceof Error ? error.message : String(error);
  if (code !== undefined && Object.hasOwn(PERMANENT, code)) {
    const fix = fixFor(code as PermanentCode, dir);
    return publishError(
      PERMANENT[code as PermanentCode],
      phrase('static.error.cannot_write', { what, dir, reason, fix }),
      { retryable: false, cause: error },
    );
  }
  const busy = code !== undefined && RETRYABLE.has(code);
  return publishError(
    busy ? StaticErrorCode.busy : StaticErrorCode.io,
    phrase(busy ? 'static.error.busy' : 'static.error.io', { what, dir, reason }),
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
    return publishError(StaticErrorCode.portInUse, phrase('static.error.port_in_use', { where }), {
      retryable: true,
      cause: error,
    });
  }
  const fix =
    code === 'EACCES'
      ? phrase('static.fix.privileged_port')
      : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
        ? phrase('static.fix.not_this_machine')
        : phrase('static.check.server_fix');
  const reason = error instanceof Error ? error.message : String(error);
  return publishError(
    StaticErrorCode.cannotListen,
    phrase('static.error.cannot_listen', { where, reason, fix }),
    {
      retryable: false,
      cause: error,
    },
  );
}
