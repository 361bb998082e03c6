import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from './messages.ts';
import {
  channelUsersText,
  isNotificationUrl,
  NotificationChannelInput,
  notificationBackoffSeconds,
  notificationChannelMessages,
} from './notification-channels.ts';

const firstMessage = (input: unknown) => {
  const result = NotificationChannelInput.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('notification channels', () => {
  it('takes http and https addresses with a host, and nothing else', () => {
    expect(isNotificationUrl('https://hooks.slack.com/services/T/B/C')).toBe(true);
    expect(isNotificationUrl('http://127.0.0.1:8080/hook?x=1')).toBe(true);
    for (const bad of [
      'ftp://x.test/',
      'https://',
      'hooks.slack.com/x',
      'https://a b.test',
      'https://u:p@x.test/',
    ])
      expect(isNotificationUrl(bad), bad).toBe(false);
  });

  it('says what is wrong with a channel in the words the console shows', () => {
    expect(firstMessage({ type: 'WEBHOOK', name: 'W', config: { url: 'mailto:a@b.test' } })).toBe(
      notificationChannelMessages.URL,
    );
    expect(
      firstMessage({ type: 'WEBHOOK', name: 'W', config: { url: 'https://x.test', secret: 'short' } }),
    ).toBe(notificationChannelMessages.SECRET_TOO_SHORT);
    expect(firstMessage({ type: 'EMAIL', name: 'E', config: { recipients: ['nobody'] } })).toBe(
      messages.validation.invalidEmail,
    );
    expect(firstMessage({ type: 'EMAIL', name: 'E', config: { recipients: [] } })).toBe(
      notificationChannelMessages.NO_RECIPIENTS,
    );
    expect(
      NotificationChannelInput.parse({
        type: 'CHAT',
        name: ' C ',
        config: { url: ' https://x.test/h ', format: 'TEAMS' },
      }),
    ).toEqual({
      type: 'CHAT',
      name: 'C',
      enabled: true,
      config: { url: 'https://x.test/h', format: 'TEAMS' },
    });
  });

  it('backs off 30 s, doubling, to at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(notificationBackoffSeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600,
    ]);
  });
});

describe('a channel in use', () => {
  it('names the policies, at most five, the rest counted', () => {
    const text = (names: string[]) =>
      formatMessage(notificationChannelMessages.CHANNEL_IN_USE, { policies: channelUsersText(names) });
    expect(text(['Servers'])).toBe(
      'Conditions of the policy “Servers” notify through this channel; remove it from them first.',
    );
    expect(channelUsersText(['A', 'B'])).toBe('the policies “A” and “B”');
    expect(channelUsersText(['A', 'B', 'C'])).toBe('the policies “A”, “B” and “C”');
    expect(channelUsersText(['A', 'B', 'C', 'D', 'E', 'F', 'G'])).toBe(
      'the policies “A”, “B”, “C”, “D”, “E” and 2 more',
    );
  });
});
