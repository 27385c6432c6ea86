/** The ntfy topic the setup offers and the links a phone subscribes with (src/notify/channels/ntfy.ts). */
import { describe, expect, it } from 'vitest';
import { newNtfyTopic, ntfySubscribeLinks } from '../../../src/notify/channels/ntfy.js';
import { NtfyChannel } from '../../../src/notify/settings.js';

describe('src/notify/channels/ntfy (a new topic, the subscribe links)', () => {
  it('a new topic is one the config accepts, 16 random signs without look-alikes, never the same twice', () => {
    const topics = Array.from({ length: 200 }, () => newNtfyTopic());
    for (const topic of topics) {
      expect(topic).toMatch(/^pressbridge-[a-km-np-z2-9]{4}(-[a-km-np-z2-9]{4}){3}$/);
      expect(NtfyChannel.safeParse({ name: 'phone', type: 'ntfy', topic }).success).toBe(true);
    }
    expect(new Set(topics).size).toBe(topics.length);
    // Every sign of the alphabet turns up: the randomness covers it, no sign is stuck.
    expect(new Set(topics.join('').replace(/pressbridge|-/g, '')).size).toBe(32);
  });

  it.each([
    ['https://ntfy.sh', 'pb-x', { app: 'ntfy://ntfy.sh/pb-x', web: 'https://ntfy.sh/pb-x' }],
    [
      'https://ntfy.example.cz:8443/',
      'pb-x',
      { app: 'ntfy://ntfy.example.cz:8443/pb-x', web: 'https://ntfy.example.cz:8443/pb-x' },
    ],
    [
      'http://nas.local/ntfy/',
      'pb-x',
      { app: 'ntfy://nas.local/ntfy/pb-x?secure=false', web: 'http://nas.local/ntfy/pb-x' },
    ],
  ])('%s + %s: the Android app link and the web page', (server, topic, links) => {
    expect(ntfySubscribeLinks(server, topic)).toEqual(links);
  });
});
