import { englishMessages } from '@rmm/domain';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { i18n } from './index.ts';

describe('the English catalog', () => {
  it('holds every spec message of the domain package word for word', () => {
    for (const [id, text] of Object.entries(englishMessages)) expect(en[`spec.${id}`]).toBe(text);
  });

  it('fills the spec placeholders like the domain does', () => {
    expect(i18n.t('spec.validation.mandatory')).toBe('Mandatory value is undefined. Please enter a value.');
    const withLimit = Object.keys(englishMessages).find((id) => englishMessages[id]?.includes('{limit}'));
    expect(withLimit).toBeDefined();
    expect(i18n.t(`spec.${withLimit}`, { limit: 25 })).toBe('Exceeds max character limit of 25');
  });
});
