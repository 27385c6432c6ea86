import { describe, expect, it } from 'vitest';
import { NotifyChoice } from '../../../../src/setup/answers/notify.js';
import { readAnswer } from '../../../../src/setup/answers/read.js';

function read(schema: Parameters<typeof readAnswer>[0], form: unknown) {
  const answer = readAnswer(schema, form);
  return answer.ok ? answer.value : { refused: answer.problem.en };
}

describe('src/setup/answers/notify', () => {
  it.each([
    [
      'ntfy on the public server',
      { type: 'ntfy', topic: 'pressbridge-x', server: '', botToken: 'left out' },
      { type: 'ntfy', server: 'https://ntfy.sh', topic: 'pressbridge-x' },
    ],
    [
      'ntfy on a server of its own',
      { type: 'ntfy', topic: 't', server: 'https://ntfy.jana.cz' },
      { type: 'ntfy', server: 'https://ntfy.jana.cz', topic: 't' },
    ],
    ['ntfy without a topic', { type: 'ntfy', topic: '' }, { refused: 'For ntfy enter a topic.' }],
    [
      'Telegram',
      { type: 'telegram', botToken: '123:abc', chatId: '-100' },
      { type: 'telegram', botToken: '123:abc', chatId: '-100' },
    ],
    [
      'Telegram without the chat',
      { type: 'telegram', botToken: '123:abc' },
      { refused: 'For Telegram enter the bot token and the chat id.' },
    ],
    ['none', { type: 'none', topic: 'ignored' }, { type: 'none' }],
    ['no channel chosen', {}, { refused: 'Choose ntfy, Telegram or no notifications.' }],
    ['a channel nobody offers', { type: 'email' }, { refused: 'Choose ntfy, Telegram or no notifications.' }],
  ])('notifications: %s', (_name, form, expected) => {
    expect(read(NotifyChoice, form)).toEqual(expected);
  });
});
