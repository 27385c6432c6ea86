/**
 * The deal store's journal: the deal log and the global log, the webhook events as received, and the deal's
 * working files between job attempts. Capped lists in Redis beside the record (./record.ts `DealStoreKeys`).
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import { redactSecrets, scrubPhrase, scrubText } from '../redact.js';
import { parseEntries } from './hash.js';
import { dealLogKeyOf } from './log-messages.js';
import { type DealStore, type DealStoreKeys, type EventRecord, LOG_LEVELS, type LogEntry } from './record.js';
import { type EventLimits, eventScriptInput, runRecordEvent } from './scripts.js';

export type DealJournal = Pick<
  DealStore,
  | 'appendLog'
  | 'readLog'
  | 'readGlobalLog'
  | 'recordEvent'
  | 'readEvents'
  | 'readGlobalEvents'
  | 'lastWebhook'
  | 'putFiles'
  | 'getFiles'
  | 'deleteFiles'
>;

export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.max(1, Math.min(Math.floor(limit), max));
}

export function createDealJournal(input: {
  redis: Redis;
  keys: DealStoreKeys;
  clock: Pick<Clock, 'now'>;
  ttlSeconds: number;
  maxDealLog: number;
  maxGlobalLog: number;
  maxDealEvents: number;
  eventLimits: EventLimits;
}): DealJournal {
  const { redis, keys, clock, ttlSeconds, maxDealLog, maxGlobalLog, maxDealEvents, eventLimits } = input;
  const maxGlobalEvents = eventLimits.maxGlobalEvents;
  const maxFieldsBytes = 4 * 1024;
  return {
    async appendLog(dealId, entry) {
      let fields = redactSecrets(entry.fields ?? {});
      const fieldsJson = JSON.stringify(fields);
      if (fieldsJson.length > maxFieldsBytes) {
        fields = { truncated: true, preview: fieldsJson.slice(0, maxFieldsBytes) };
      }
      const key = entry.key ?? dealLogKeyOf(entry.msg);
      const stored: LogEntry = {
        time: entry.time ?? clock.now().toISOString(),
        level: entry.level,
        msg: scrubText(entry.msg),
        ...(key !== undefined ? { key } : {}),
        // The line's values are said in the blogger's language: scrubbed as its English is.
        ...(entry.params !== undefined
          ? { params: scrubPhrase({ key: '', params: entry.params }).params }
          : {}),
        ...(dealId !== undefined ? { dealId } : {}),
        ...(entry.blogId !== undefined ? { blogId: entry.blogId } : {}),
        fields,
      };
      const json = JSON.stringify(stored);
      const multi = redis.multi();
      if (dealId !== undefined) {
        multi.lpush(keys.dealLog(dealId), json);
        multi.ltrim(keys.dealLog(dealId), 0, maxDealLog - 1);
        multi.expire(keys.dealLog(dealId), ttlSeconds);
      }
      multi.lpush(keys.log, json);
      multi.ltrim(keys.log, 0, maxGlobalLog - 1);
      await multi.exec();
    },

    async readLog(dealId, readOptions = {}) {
      const limit = clampLimit(readOptions.limit, 100, maxDealLog);
      return parseEntries<LogEntry>(await redis.lrange(keys.dealLog(dealId), 0, limit - 1));
    },

    async readGlobalLog(readOptions = {}) {
      const limit = clampLimit(readOptions.limit, 200, maxGlobalLog);
      const minLevel = readOptions.level ? LOG_LEVELS.indexOf(readOptions.level) : 0;
      const filtered = readOptions.level !== undefined || readOptions.blogId !== undefined;
      const raw = await redis.lrange(keys.log, 0, filtered ? -1 : limit - 1);
      const out: LogEntry[] = [];
      for (const entry of parseEntries<LogEntry>(raw)) {
        if (LOG_LEVELS.indexOf(entry.level) < minLevel) continue;
        if (readOptions.blogId !== undefined) {
          const blogId = entry.blogId ?? entry.fields?.blogId;
          if (blogId !== readOptions.blogId) continue;
        }
        out.push(entry);
        if (out.length >= limit) break;
      }
      return out;
    },

    async recordEvent(dealId, event) {
      await runRecordEvent(redis, ...eventScriptInput(keys, eventLimits, dealId, event, [event.outcome]));
    },

    async readEvents(dealId, readOptions = {}) {
      const limit = clampLimit(readOptions.limit, maxDealEvents, maxDealEvents);
      return parseEntries<EventRecord>(await redis.lrange(keys.dealEvents(dealId), 0, limit - 1));
    },

    async readGlobalEvents(readOptions = {}) {
      const limit = clampLimit(readOptions.limit, 100, maxGlobalEvents);
      return parseEntries<EventRecord>(await redis.lrange(keys.events, 0, limit - 1));
    },

    async lastWebhook() {
      const hash = await redis.hgetall(keys.lastWebhook);
      if (!hash.time || !hash.event) return undefined;
      return {
        time: hash.time,
        event: hash.event,
        outcome: hash.outcome ?? '',
        ...(hash.dealId ? { dealId: Number(hash.dealId) } : {}),
      };
    },

    async putFiles(dealId, files, fileTtlSeconds) {
      const entries = Object.entries(files);
      if (entries.length === 0) return;
      const key = keys.dealFiles(dealId);
      const multi = redis.multi();
      multi.hset(key, Object.fromEntries(entries));
      multi.expire(key, Math.max(1, Math.ceil(fileTtlSeconds)));
      await multi.exec();
    },

    async getFiles(dealId) {
      return new Map(Object.entries(await redis.hgetallBuffer(keys.dealFiles(dealId))));
    },

    async deleteFiles(dealId) {
      await redis.unlink(keys.dealFiles(dealId));
    },
  };
}
