import { describe, expect, it } from 'vitest';
import { sessionsFromLoginctl, sessionsFromQueryUser, sessionsFromWho } from './sessions.ts';

describe('reading the logged-on sessions', () => {
  it('loginctl: people (root and uids from 1000), not a display manager greeter', () => {
    const text = [
      '     c1  120 gdm     seat0 tty1',
      '      3 1000 alice   seat0 tty2',
      '     12 1001 bob             pts/3',
      '     14    0 root            pts/4',
      '',
    ].join('\n');
    expect(sessionsFromLoginctl(text)).toEqual([
      { key: 'loginctl:3:alice', user: 'alice' },
      { key: 'loginctl:12:bob', user: 'bob' },
      { key: 'loginctl:14:root', user: 'root' },
    ]);
  });

  it('loginctl: the newer columns (LEADER, CLASS, IDLE) change nothing', () => {
    const text = '      5 1000 alice seat0 1234 user tty2 no -\n';
    expect(sessionsFromLoginctl(text)).toEqual([{ key: 'loginctl:5:alice', user: 'alice' }]);
  });

  it('who: a console, a local tty, a display or a remote host counts; a terminal window does not', () => {
    const text = [
      'alice    console  Mar  1 08:00',
      'alice    ttys000  Mar  1 08:01',
      'bob      tty1         2025-03-01 08:02',
      'carol    pts/0        2025-03-01 08:03 (10.0.0.5)',
      'dave     pts/1        2025-03-01 08:04 (:0)',
    ].join('\n');
    expect(sessionsFromWho(text).map((session) => session.user)).toEqual(['alice', 'bob', 'carol']);
    expect(sessionsFromWho(text)[0]?.key).toBe('who:alice console Mar 1 08:00');
  });

  it('query user: the active and the disconnected sessions, keyed by id and logon time', () => {
    const text = [
      ' USERNAME              SESSIONNAME        ID  STATE   IDLE TIME  LOGON TIME',
      '>administrator         console             1  Active      none   3/1/2025 8:00 AM',
      ' bob                                       2  Disc           .   3/1/2025 7:15 AM',
    ].join('\r\n');
    expect(sessionsFromQueryUser(text)).toEqual([
      { key: 'query:administrator:1:3/1/2025 8:00 AM', user: 'administrator' },
      { key: 'query:bob:2:3/1/2025 7:15 AM', user: 'bob' },
    ]);
  });
});
