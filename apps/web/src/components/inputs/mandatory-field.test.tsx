import { TextInput } from '@mantine/core';
import { messages } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { MandatoryField } from './mandatory-field.tsx';
import { TagEditor } from './tag-editor.tsx';

const NameField = ({ error, isSubmitted }: { error?: string; isSubmitted?: boolean }) => {
  const [name, setName] = useState('');
  return (
    <MandatoryField value={name} isSubmitted={isSubmitted}>
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
      />
    </MandatoryField>
  );
};

const TagsField = () => {
  const [tags, setTags] = useState<string[]>([]);
  return (
    <MandatoryField value={tags}>
      <TagEditor label="Tags" value={tags} onChange={setTags} />
    </MandatoryField>
  );
};

const getName = () => screen.getByRole('textbox', { name: /Name/ });

describe('MandatoryField', () => {
  it('marks the field required and says nothing before the user leaves it', () => {
    renderWithProviders(<NameField />);
    expect(getName()).toBeRequired();
    expect(screen.queryByText(messages.validation.mandatory)).not.toBeInTheDocument();
  });

  it('shows the mandatory-value message under a field left empty, and drops it once filled', async () => {
    const { user } = renderWithProviders(<NameField />);
    await user.click(getName());
    await user.tab();
    expect(getName()).toHaveAccessibleDescription(messages.validation.mandatory);
    await user.type(getName(), 'Contoso');
    expect(getName()).toHaveAccessibleDescription('');
  });

  it('counts spaces alone as empty', async () => {
    const { user } = renderWithProviders(<NameField />);
    await user.type(getName(), '   ');
    await user.tab();
    expect(screen.getByText(messages.validation.mandatory)).toBeVisible();
  });

  it('stops the form and shows the message when it is submitted with the field never touched', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const { user } = renderWithProviders(
      <form onSubmit={onSubmit}>
        <NameField />
        <button type="submit">Save</button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(getName()).toHaveAccessibleDescription(messages.validation.mandatory);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the message when the form skips browser validation', async () => {
    const { user } = renderWithProviders(
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <NameField />
        <button type="submit">Save</button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(getName()).toHaveAccessibleDescription(messages.validation.mandatory);
  });

  it('shows the message when told the form was submitted', () => {
    renderWithProviders(<NameField isSubmitted />);
    expect(getName()).toHaveAccessibleDescription(messages.validation.mandatory);
  });

  it("lets the field's own message come first", async () => {
    const { user } = renderWithProviders(<NameField error="Name already taken" />);
    await user.click(getName());
    await user.tab();
    expect(getName()).toHaveAccessibleDescription('Name already taken');
  });

  it('treats an empty tag list as missing', async () => {
    const { user } = renderWithProviders(<TagsField />);
    const input = screen.getByRole('combobox', { name: /Tags/ });
    await user.click(input);
    await user.tab();
    expect(input).toHaveAccessibleDescription(messages.validation.mandatory);
    await user.type(input, 'servers{Enter}');
    expect(input).toHaveAccessibleDescription('');
  });
});
