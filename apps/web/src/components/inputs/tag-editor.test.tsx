import { formatMessage, MAX_TAG_LENGTH, messages } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { TagEditor } from './tag-editor.tsx';

const Harness = ({ initialTags = [], error }: { initialTags?: string[]; error?: string }) => {
  const [tags, setTags] = useState(initialTags);
  return (
    <>
      <TagEditor label="Tags" value={tags} onChange={setTags} error={error} />
      <output aria-label="Saved tags">{JSON.stringify(tags)}</output>
    </>
  );
};

const renderEditor = (initialTags: string[] = [], error?: string) => {
  const view = renderWithProviders(<Harness initialTags={initialTags} error={error} />);
  const savedTags = (): unknown => JSON.parse(screen.getByLabelText('Saved tags').textContent ?? '');
  return { ...view, input: screen.getByRole('combobox', { name: 'Tags' }), savedTags };
};

const tooLong = formatMessage(messages.tags.maxLength, { limit: MAX_TAG_LENGTH });

describe('TagEditor', () => {
  it('adds a tag on Enter and shows it as a pill', async () => {
    const { user, input, savedTags } = renderEditor();
    await user.type(input, 'servers{Enter}');
    expect(savedTags()).toEqual(['servers']);
    expect(screen.getByText('servers')).toBeVisible();
    expect(input).toHaveValue('');
  });

  it.each([
    ['a space', 'web server', messages.tags.noSpaces],
    ['a quote', "bob's", messages.tags.noQuotes],
    ['a double quote', 'say"hi', messages.tags.noQuotes],
    ['a comma', 'london,paris', messages.tags.noCommas],
    ['26 characters', 'a'.repeat(MAX_TAG_LENGTH + 1), tooLong],
  ])('refuses a tag with %s, shows why and keeps the text', async (_, tag, message) => {
    const { user, input, savedTags } = renderEditor(['existing']);
    await user.type(input, tag);
    expect(input).toHaveAccessibleDescription(message);
    await user.keyboard('{Enter}');
    expect(savedTags()).toEqual(['existing']);
    expect(input).toHaveValue(tag);
  });

  it('shows the message as soon as the space is typed', async () => {
    const { user, input } = renderEditor();
    await user.type(input, 'web');
    expect(input).toHaveAccessibleDescription('');
    await user.type(input, ' ');
    expect(screen.getByText(messages.tags.noSpaces)).toBeVisible();
  });

  it('accepts exactly 25 characters', async () => {
    const { user, input, savedTags } = renderEditor();
    const tag = 'b'.repeat(MAX_TAG_LENGTH);
    await user.type(input, `${tag}{Enter}`);
    expect(savedTags()).toEqual([tag]);
    expect(screen.queryByText(tooLong)).not.toBeInTheDocument();
  });

  it('clears the message once the offending character is removed', async () => {
    const { user, input, savedTags } = renderEditor();
    await user.type(input, 'db,');
    expect(input).toHaveAccessibleDescription(messages.tags.noCommas);
    await user.type(input, '{Backspace}{Enter}');
    expect(input).toHaveAccessibleDescription('');
    expect(savedTags()).toEqual(['db']);
  });

  it('keeps a pasted tag in the field until it passes the rules', async () => {
    const { user, input, savedTags } = renderEditor();
    await user.click(input);
    await user.paste('front desk\n');
    expect(input).toHaveValue('front desk');
    expect(input).toHaveAccessibleDescription(messages.tags.noSpaces);
    expect(savedTags()).toEqual([]);
  });

  it('adds a valid tag when the user leaves the field, but not an invalid one', async () => {
    const { user, input, savedTags } = renderEditor();
    await user.type(input, 'laptops');
    await user.tab();
    expect(savedTags()).toEqual(['laptops']);

    await user.type(input, 'new york');
    await user.tab();
    expect(savedTags()).toEqual(['laptops']);
    expect(input).toHaveValue('new york');
  });

  it('removes a tag with its remove button', async () => {
    const { user, savedTags } = renderEditor(['keep', 'drop']);
    const pill = screen.getByText('drop').closest('.mantine-Pill-root');
    if (!(pill instanceof HTMLElement)) throw new Error('no pill');
    await user.click(within(pill).getByRole('button', { hidden: true }));
    expect(savedTags()).toEqual(['keep']);
  });

  it('removes the last tag with Backspace from the empty field', async () => {
    const { user, input, savedTags } = renderEditor(['keep', 'drop']);
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(savedTags()).toEqual(['keep']);
  });

  it("shows the rule the typed text breaks before the form's own message, then the form's again", async () => {
    const { user, input } = renderEditor([], 'Enter a value');
    expect(input).toHaveAccessibleDescription('Enter a value');
    await user.type(input, 'a,');
    expect(input).toHaveAccessibleDescription(messages.tags.noCommas);
    await user.type(input, '{Backspace}{Backspace}');
    expect(input).toHaveAccessibleDescription('Enter a value');
  });

  it('keeps tags saved before the rules when another tag is added', async () => {
    const { user, input, savedTags } = renderEditor(['old tag']);
    await user.type(input, 'new{Enter}');
    expect(savedTags()).toEqual(['old tag', 'new']);
  });
});
